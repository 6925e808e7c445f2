import { type KeyboardEvent, type PointerEvent, useEffect, useRef } from "react";
import { useModal } from "~/components/ui/dialog";
import { Icon } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/react";
import type { GalleryImage } from "~/views/listing/gallery-image";
import type { ListingPageTexts } from "~/views/listing/listing-page-view.server";

/** The listings texts the listing page sends: a text it does not send is a type error here. */
type ListingTexts = ListingPageTexts["listings"];

/** A horizontal move at least this long (CSS pixels) is a swipe. */
export const SWIPE_THRESHOLD = 50;

/** The index `step` photos away from `index`, wrapping around at both ends. */
export function wrapIndex(index: number, step: number, total: number) {
  if (total <= 0) return 0;
  return (((index + step) % total) + total) % total;
}

/**
 * Which way a key or a swipe moves, by what the eye sees. The "next" button sits at the end of the
 * line (right in English, left in Arabic) with its chevron pointing there, and the arrow key that
 * points the same way goes forward: ArrowRight in English, ArrowLeft in Arabic. A swipe drags the
 * photo away and the next one follows from the end side: a swipe to the left goes forward in
 * English, a swipe to the right in Arabic.
 */
export function stepForKey(key: string, rtl: boolean) {
  if (key === "ArrowRight") return rtl ? -1 : 1;
  if (key === "ArrowLeft") return rtl ? 1 : -1;
  return 0;
}

export function stepForSwipe(dx: number, dy: number, rtl: boolean) {
  if (Math.abs(dx) < SWIPE_THRESHOLD || Math.abs(dx) <= Math.abs(dy)) return 0;
  const forward = rtl ? dx > 0 : dx < 0;
  return forward ? 1 : -1;
}

/**
 * The photos full screen in the browser's own modal <dialog> (focus kept inside, Escape closes,
 * the page behind inert). Previous/next buttons, arrow keys, swipes and dots move between them
 * and wrap around; "n / total" tells where one is. The page does not scroll while it is open.
 */
export function Lightbox({
  images,
  index,
  onIndexChange,
  open,
  onClose,
  title,
  numbers,
  rtl,
}: {
  images: GalleryImage[];
  index: number;
  onIndexChange: (index: number) => void;
  open: boolean;
  onClose: () => void;
  title: string;
  /** "1", "2", ... in the page's digits, formatted on the server. */
  numbers: string[];
  rtl: boolean;
}) {
  const { t } = useTranslation<"listings", ListingTexts>("listings");
  const ref = useModal(open, (next) => {
    if (!next) onClose();
  });
  const swipe = useRef<{ id: number; x: number; y: number } | null>(null);
  const total = images.length;
  const current = images[index] ?? images[0];
  const n = (i: number) => numbers[i] ?? String(i + 1);
  const totalText = n(total - 1);
  const go = (step: number) => onIndexChange(wrapIndex(index, step, total));

  useScrollLock(open);

  const onKeyDown = (event: KeyboardEvent) => {
    const step = stepForKey(event.key, rtl);
    if (step === 0) return;
    event.preventDefault();
    go(step);
  };
  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    swipe.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipe.current;
    swipe.current = null;
    if (!start || start.id !== event.pointerId) return;
    const step = stepForSwipe(event.clientX - start.x, event.clientY - start.y, rtl);
    if (step !== 0) go(step);
  };

  return (
    <dialog
      ref={ref}
      aria-label={t("detail.lightbox.label", { title })}
      onKeyDown={onKeyDown}
      data-testid="lightbox"
      className="fixed inset-0 m-0 h-dvh max-h-none w-screen max-w-none overflow-hidden bg-slate-950/95 p-0 text-white backdrop:bg-slate-950/80"
    >
      {open && current ? (
        <div className="flex h-full flex-col">
          <div className="flex items-center justify-between gap-4 px-4 py-3">
            <p
              className="rounded-full bg-white/10 px-3 py-1 text-sm font-semibold tabular-nums"
              aria-live="polite"
              data-testid="lightbox-counter"
            >
              {t("detail.lightbox.counter", { n: n(index), total: totalText })}
            </p>
            <button
              type="button"
              onClick={onClose}
              className="rounded-full p-2 text-white hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white"
              aria-label={t("detail.lightbox.close")}
              data-testid="lightbox-close"
            >
              <Icon name="x" className="size-6" aria-hidden />
            </button>
          </div>
          <div
            className="relative flex min-h-0 flex-1 touch-pan-y select-none items-center justify-center px-2 sm:px-16"
            onPointerDown={onPointerDown}
            onPointerUp={onPointerUp}
            onPointerCancel={() => {
              swipe.current = null;
            }}
            data-testid="lightbox-stage"
          >
            <img
              key={current.src}
              src={current.src}
              srcSet={current.srcSet}
              sizes="100vw"
              width={current.width}
              height={current.height}
              alt={t("detail.lightbox.image", { n: n(index), total: totalText })}
              draggable={false}
              className="max-h-full max-w-full object-contain"
              data-testid="lightbox-image"
            />
            {total > 1 ? (
              <>
                <StepButton
                  side="start"
                  label={t("detail.lightbox.previous")}
                  onClick={() => go(-1)}
                />
                <StepButton side="end" label={t("detail.lightbox.next")} onClick={() => go(1)} />
              </>
            ) : null}
          </div>
          {total > 1 ? (
            <div className="flex flex-wrap justify-center gap-1 px-4 py-3">
              {images.map((image, i) => (
                <button
                  key={image.src}
                  type="button"
                  onClick={() => onIndexChange(i)}
                  aria-label={t("detail.lightbox.dot", { n: n(i) })}
                  aria-current={i === index ? "true" : undefined}
                  className="group flex size-8 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-white"
                  data-testid="lightbox-dot"
                >
                  <span
                    className={`block size-2.5 rounded-full ${
                      i === index ? "bg-white" : "bg-white/40 group-hover:bg-white/70"
                    }`}
                  />
                </button>
              ))}
            </div>
          ) : null}
        </div>
      ) : null}
    </dialog>
  );
}

/** Previous sits at the start of the line, next at its end; their chevrons point outwards. */
function StepButton({
  side,
  label,
  onClick,
}: {
  side: "start" | "end";
  label: string;
  onClick: () => void;
}) {
  const icon = side === "start" ? "chevron-left" : "chevron-right";
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className={`absolute top-1/2 ${
        side === "start" ? "start-2" : "end-2"
      } -translate-y-1/2 rounded-full bg-black/40 p-2 text-white hover:bg-black/60 focus-visible:outline-2 focus-visible:outline-white sm:p-3`}
      data-testid={side === "start" ? "lightbox-previous" : "lightbox-next"}
    >
      <Icon name={icon} className="size-6 rtl:-scale-x-100" aria-hidden />
    </button>
  );
}

/** No page scrolling behind an open lightbox; the page's own overflow and padding come back. */
function useScrollLock(locked: boolean) {
  useEffect(() => {
    if (!locked) return;
    const root = document.documentElement;
    const { overflow, paddingInlineEnd } = root.style;
    const scrollbar = window.innerWidth - root.clientWidth;
    root.style.overflow = "hidden";
    if (scrollbar > 0) root.style.paddingInlineEnd = `${scrollbar}px`;
    return () => {
      root.style.overflow = overflow;
      root.style.paddingInlineEnd = paddingInlineEnd;
    };
  }, [locked]);
}
