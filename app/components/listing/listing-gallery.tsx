import { ImageOff } from "lucide-react";
import { Link } from "react-router";

export interface GalleryImage {
  src: string;
  srcSet: string;
  width: number;
  height: number;
  thumb: string;
}

type T = (key: string, options?: Record<string, unknown>) => string;

/**
 * The selected photo large, the others as thumbnails six to a row. A thumbnail is a link to
 * `?image=n`, so choosing a photo works without JavaScript (and with it, without a reload).
 */
export function ListingGallery({
  images,
  active,
  title,
  t,
}: {
  images: GalleryImage[];
  active: number;
  title: string;
  t: T;
}) {
  const shown = images[active] ?? images[0];
  if (!shown) {
    return (
      <div className="flex aspect-4/3 w-full flex-col items-center justify-center gap-2 rounded-2xl bg-slate-100 text-muted">
        <ImageOff className="size-10" aria-hidden />
        <span className="text-sm">{t("detail.noImages")}</span>
      </div>
    );
  }
  return (
    <section aria-label={t("detail.gallery")} data-testid="listing-gallery">
      <div className="overflow-hidden rounded-2xl bg-slate-100">
        <img
          src={shown.src}
          srcSet={shown.srcSet}
          sizes="(min-width: 1024px) 720px, 100vw"
          width={shown.width}
          height={shown.height}
          alt={title}
          className="mx-auto max-h-[70vh] w-full object-contain"
          fetchPriority="high"
        />
      </div>
      {images.length > 1 ? (
        <ul className="mt-3 grid grid-cols-6 gap-2">
          {images.map((image, index) => (
            <li key={image.src}>
              <Link
                to={`?image=${index + 1}`}
                replace
                preventScrollReset
                aria-current={index === active ? "true" : undefined}
                aria-label={t("detail.showImage", { n: index + 1, total: images.length })}
                className={`block overflow-hidden rounded-lg ring-2 ${
                  index === active ? "ring-brand-600" : "ring-transparent hover:ring-line"
                }`}
              >
                <img
                  src={image.thumb}
                  alt=""
                  width={160}
                  height={120}
                  loading="lazy"
                  className="aspect-4/3 w-full object-cover"
                />
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
