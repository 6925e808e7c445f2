import { useState } from "react";
import { Card } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";

export interface CardImageSource {
  src: string;
  srcSet: string;
  width: number;
  height: number;
}

/**
 * A card's picture inside a box of fixed shape (the caller's), so nothing moves as it arrives.
 * A missing or broken image becomes the "No photo" placeholder.
 */
export function CardImage({
  image,
  sizes,
  eager,
  priority = false,
  noPhoto,
  compact = false,
}: {
  image: CardImageSource | null;
  sizes: string;
  eager: boolean;
  /** Fetched ahead of scripts and other pictures (the page's largest picture). */
  priority?: boolean;
  noPhoto: string;
  /** A phone thumbnail: a smaller icon, and the words only from the sm breakpoint. */
  compact?: boolean;
}) {
  const [broken, setBroken] = useState(false);
  if (image && !broken) {
    return (
      <img
        src={image.src}
        srcSet={image.srcSet}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt=""
        loading={eager ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : undefined}
        decoding={priority ? undefined : "async"}
        onError={() => setBroken(true)}
        className="absolute inset-0 size-full object-cover"
      />
    );
  }
  return (
    <div className="absolute inset-0 flex flex-col items-center justify-center gap-1 text-muted">
      <Icon name="image-off" className={compact ? "size-7" : "size-8"} aria-hidden="true" />
      <span className={compact ? "hidden text-xs sm:inline" : "text-xs"}>{noPhoto}</span>
    </div>
  );
}

/** "Error loading listing" in place of a card that could not be rendered. */
export function CardError({
  text,
  className,
  testId,
}: {
  text: string;
  className: string;
  testId: string;
}) {
  return (
    <Card
      className={`flex flex-col items-center justify-center gap-2 p-4 text-center text-sm text-muted ${className}`}
      testId={testId}
    >
      <Icon
        name="triangle-exclamation-point"
        className="size-6 text-amber-600"
        aria-hidden="true"
      />
      {text}
    </Card>
  );
}
