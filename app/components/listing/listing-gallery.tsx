import { lazy, type MouseEvent, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/react";
import type { GalleryImage } from "~/views/listing/gallery-image";
import type { ListingPageTexts } from "~/views/listing/listing-page-view.server";

/** The listings texts the listing page sends: a text it does not send is a type error here. */
type ListingTexts = ListingPageTexts["listings"];

/** A plain left click, which the page may handle itself (not one that opens a new tab). */
function plainClick(event: MouseEvent) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

const Lightbox = lazy(() => import("./lightbox").then((m) => ({ default: m.Lightbox })));

/**
 * The selected photo large, the others as thumbnails six to a row. Without JavaScript a thumbnail
 * is a link to `?image=n` and the large photo a link to the photo itself. With it, a thumbnail
 * switches the photo in place and the large photo opens the full-screen lightbox. With data saver
 * (`held`) the thumbnails wait behind "Show all N photos": a link to `?photos=all`, or with
 * JavaScript the same in place.
 */
export function ListingGallery({
  images,
  active,
  title,
  numbers,
  rtl,
  held = false,
}: {
  images: GalleryImage[];
  active: number;
  title: string;
  /** "1", "2", ... in the page's digits. */
  numbers: string[];
  rtl: boolean;
  /** Data saver: only the large photo until the visitor asks for the others. */
  held?: boolean;
}) {
  const { t } = useTranslation<"listings", ListingTexts>("listings");
  const [current, setCurrent] = useState(active);
  const [open, setOpen] = useState(false);
  // The lightbox (a dialog only JavaScript opens) is fetched and drawn at the first opening.
  const [used, setUsed] = useState(false);
  // Marks the gallery as interactive (for tests and styles): before this, clicks are plain links.
  const [hydrated, setHydrated] = useState(false);
  const [asked, setAsked] = useState(false);
  useEffect(() => setHydrated(true), []);
  const opener = useRef<HTMLAnchorElement>(null);
  // A navigation to another `?image=` (or another listing) starts from what the server chose.
  useEffect(() => setCurrent(active), [active]);
  const close = useCallback(() => setOpen(false), []);
  // Focus goes back to the photo that opened the lightbox. This effect runs after the lightbox's
  // own (children first), so the dialog is closed and the page no longer inert.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !open) opener.current?.focus();
    wasOpen.current = open;
  }, [open]);

  const index = current < images.length ? current : 0;
  const shown = images[index];
  if (!shown) {
    return (
      <div className="flex aspect-4/3 w-full flex-col items-center justify-center gap-2 rounded-2xl bg-slate-100 text-muted">
        <Icon name="image-off" className="size-10" aria-hidden />
        <span className="text-sm">{t("detail.noImages")}</span>
      </div>
    );
  }
  const n = (i: number) => numbers[i] ?? String(i + 1);
  const total = n(images.length - 1);

  const showAll = (event: MouseEvent) => {
    if (!plainClick(event)) return;
    event.preventDefault();
    setAsked(true);
    const url = new URL(window.location.href);
    url.searchParams.set("photos", "all");
    window.history.replaceState(window.history.state, "", url);
  };

  const select = (event: MouseEvent, i: number) => {
    if (!plainClick(event)) return;
    event.preventDefault();
    setCurrent(i);
    // Keep the address in step (a reload or a shared link shows the same photo), without a
    // navigation: React Router's own history entry state is kept as it is.
    const url = new URL(window.location.href);
    url.searchParams.set("image", String(i + 1));
    window.history.replaceState(window.history.state, "", url);
  };

  return (
    <section
      aria-label={t("detail.gallery")}
      data-testid="listing-gallery"
      data-hydrated={hydrated || undefined}
    >
      <a
        ref={opener}
        href={shown.src}
        onClick={(event) => {
          if (!plainClick(event)) return;
          event.preventDefault();
          setUsed(true);
          setOpen(true);
        }}
        aria-label={t("detail.lightbox.open", { n: n(index), total })}
        aria-haspopup="dialog"
        className="block cursor-zoom-in overflow-hidden rounded-2xl bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        data-testid="gallery-main"
      >
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
      </a>
      {images.length > 1 && held && !asked ? (
        <Link
          to={`?photos=all&image=${index + 1}`}
          replace
          preventScrollReset
          onClick={showAll}
          className="mt-3 inline-flex min-h-11 items-center rounded-xl border border-line px-4 text-sm font-medium text-brand-700 hover:bg-slate-50"
          data-testid="gallery-more-photos"
        >
          {t("detail.morePhotos", { n: total })}
        </Link>
      ) : images.length > 1 ? (
        <ul className="mt-3 grid grid-cols-6 gap-2" data-testid="gallery-thumbnails">
          {images.map((image, i) => (
            <li key={image.src}>
              <Link
                to={`?image=${i + 1}`}
                replace
                preventScrollReset
                onClick={(event) => select(event, i)}
                aria-current={i === index ? "true" : undefined}
                aria-label={t("detail.showImage", { n: n(i), total })}
                className={`block overflow-hidden rounded-lg ring-2 ${
                  i === index ? "ring-brand-600" : "ring-transparent hover:ring-line"
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
      {used ? (
        <Suspense fallback={null}>
          <Lightbox
            images={images}
            index={index}
            onIndexChange={setCurrent}
            open={open}
            onClose={close}
            title={title}
            numbers={numbers}
            rtl={rtl}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
