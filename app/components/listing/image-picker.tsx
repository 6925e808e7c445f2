import { ImageOff, ImagePlus, Star, X } from "lucide-react";
import { type DragEvent, useCallback, useEffect, useRef, useState } from "react";
import { buttonStyles } from "~/components/ui/button-styles";
import { FormAlert } from "~/components/ui/field";
import { toast } from "~/components/ui/toast";
import { isLang } from "~/i18n/config";
import { formatNumber } from "~/i18n/format";
import { useTranslation } from "~/i18n/react";
import { messageReply } from "~/utils/form-reply";
import {
  addToSelection,
  moveToFront,
  removeAt,
  type SelectionError,
  type SelectionLimits,
  validateSelection,
} from "./image-selection";
import type { ListingUploadReply } from "./upload-listing";

interface PhotoItem {
  key: string;
  file: File;
  /** An object URL for the preview; revoked when the photo leaves the selection. */
  url: string;
  /** The file to upload: the compressed one, or the original when compression fails or skips. */
  prepared: Promise<File>;
}

type Phase = "idle" | "compressing" | "uploading";

let nextKey = 0;

// Compression and the upload run after a choice of photos and a save: their code is fetched once
// the page has hydrated and the browser is idle (issue 12), so it is there before the first
// photo, even if the connection drops meanwhile.
const loadCompression = () => import("./compress-image");
const loadUpload = () => import("./upload-listing");
function preload() {
  void Promise.all([loadCompression(), loadUpload()]).catch(() => {
    // Offline: each is fetched again when it is needed.
  });
}

/**
 * The photos chosen in the browser, their compression and their upload. The listing form owns it,
 * so its submit can send them; ImagePicker shows it.
 */
export function usePhotoSelection({ limits }: { limits: SelectionLimits }) {
  const { t } = useTranslation("listings");
  const [items, setItems] = useState<PhotoItem[]>([]);
  const [errors, setErrors] = useState<SelectionError[]>([]);
  const [compressing, setCompressing] = useState(0);
  const [phase, setPhase] = useState<Phase>("idle");
  const [progress, setProgress] = useState(0);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  // One photo at a time: ten decoded 12-megapixel photos at once would exhaust a phone's memory.
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  useEffect(() => {
    const idle =
      typeof window.requestIdleCallback === "function"
        ? window.requestIdleCallback(preload, { timeout: 3000 })
        : undefined;
    const timer = idle === undefined ? setTimeout(preload, 1000) : undefined;
    return () => {
      if (idle !== undefined) window.cancelIdleCallback(idle);
      clearTimeout(timer);
      for (const item of itemsRef.current) URL.revokeObjectURL(item.url);
    };
  }, []);

  const prepare = useCallback(
    (file: File) => {
      setCompressing((n) => n + 1);
      const run = queue.current
        .then(() => loadCompression())
        .then(({ compressImage }) => compressImage(file))
        .catch(() => {
          toast.error(t("form.upload.compressFailed"), { id: "compress-failed" });
          return file;
        })
        .finally(() => setCompressing((n) => n - 1));
      queue.current = run;
      return run;
    },
    [t],
  );

  const add = (incoming: File[]) => {
    const current = itemsRef.current.map((item) => item.file);
    const result = addToSelection(current, incoming, limits);
    setErrors(result.errors);
    const added = result.files.slice(current.length).map((file) => ({
      key: `photo-${nextKey++}`,
      file,
      url: URL.createObjectURL(file),
      prepared: prepare(file),
    }));
    if (added.length > 0) setItems((items) => [...items, ...added]);
  };

  const remove = (index: number) => {
    const item = itemsRef.current[index];
    if (item) URL.revokeObjectURL(item.url);
    setItems((items) => removeAt(items, index));
    setErrors([]);
  };

  const clear = () => {
    for (const item of itemsRef.current) URL.revokeObjectURL(item.url);
    setItems([]);
    setErrors([]);
  };

  const makeFirst = (index: number) => setItems((items) => moveToFront(items, index));

  /**
   * Checks the limits again, waits for the compressions, appends the photos as `images` and sends
   * `form`. Null when the photos break a limit (the picker shows why); else the server's reply.
   * After a success the busy state stays on until the page changes.
   */
  const upload = async (url: string, form: FormData): Promise<ListingUploadReply | null> => {
    const problems = validateSelection(
      itemsRef.current.map((item) => item.file),
      limits,
    );
    if (problems.length > 0) {
      setErrors(problems);
      return null;
    }
    setErrors([]);
    setPhase("compressing");
    const files = await Promise.all(itemsRef.current.map((item) => item.prepared));
    for (const file of files) form.append("images", file, file.name);
    setProgress(0);
    setPhase("uploading");
    const failed = t("form.upload.failed");
    try {
      const { readUploadReply, sendListingForm } = await loadUpload();
      const reply = readUploadReply(await sendListingForm(url, form, setProgress), failed);
      if (!("redirectTo" in reply)) setPhase("idle");
      return reply;
    } catch {
      setPhase("idle");
      return messageReply(failed);
    }
  };

  return {
    items,
    errors,
    compressing,
    phase,
    progress,
    limits,
    add,
    remove,
    clear,
    makeFirst,
    upload,
  };
}

export type PhotoSelection = ReturnType<typeof usePhotoSelection>;

interface ImagePickerProps {
  photos: PhotoSelection;
  /** The id and aria attributes from the form's Control, for the file input. */
  inputProps: { id: string; "aria-invalid"?: boolean; "aria-describedby"?: string };
  busy: boolean;
}

/**
 * Drop zone, previews and progress; shown once JavaScript runs, in place of the plain file input
 * (which stays named "images", so the form still works without JavaScript).
 */
export function ImagePicker({ photos, inputProps, busy }: ImagePickerProps) {
  const { t } = useTranslation("listings");
  const { i18n } = useTranslation();
  const lang = isLang(i18n.language) ? i18n.language : "en";
  const number = (value: number) => formatNumber(lang, value);
  const [dragging, setDragging] = useState(false);
  const [broken, setBroken] = useState<Set<string>>(() => new Set());
  const { items, errors, limits, phase } = photos;
  const count = items.length;
  const primaryIsFirstNew = limits.existingCount === 0;
  const hintId = `${inputProps.id}-limits`;

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (busy) return;
    const files = [...event.dataTransfer.files];
    if (files.length === 0) return;
    toast(t("form.upload.receivedTitle"), {
      description: t("form.upload.receivedBody"),
      duration: 3000,
    });
    photos.add(files);
  };
  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = busy ? "none" : "copy";
    setDragging(true);
  };

  const busyText =
    phase === "uploading"
      ? t("form.upload.uploading")
      : phase === "compressing" || photos.compressing > 0
        ? t("form.upload.compressing")
        : null;

  return (
    <div className="space-y-3" data-testid="image-picker">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a shortcut; the label and input inside do the same for keyboards and screen readers. */}
      <div
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="image-drop-zone"
        className={`relative rounded-xl border-2 border-dashed transition has-[:focus-visible]:border-brand-500 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500/30 ${
          dragging ? "border-brand-500 bg-brand-50" : "border-line bg-slate-50/60"
        }`}
      >
        <input
          {...inputProps}
          aria-describedby={[inputProps["aria-describedby"], hintId].filter(Boolean).join(" ")}
          type="file"
          name="images"
          multiple
          accept="image/*"
          disabled={busy}
          className="sr-only"
          data-testid="image-input"
          onChange={(event) => {
            const files = [...(event.currentTarget.files ?? [])];
            // The picker keeps the files; the input is emptied so it can take the same file again.
            event.currentTarget.value = "";
            photos.add(files);
          }}
        />
        <label
          htmlFor={inputProps.id}
          className="flex cursor-pointer flex-col items-center gap-2 px-4 py-6 text-center"
        >
          <ImagePlus className="size-8 text-brand-600" aria-hidden />
          <span className="text-sm font-medium text-ink">{t("form.upload.dropZone")}</span>
          <span className={`${buttonStyles.secondary} pointer-events-none`}>
            {t("form.upload.browse")}
          </span>
        </label>
      </div>

      <p id={hintId} className="text-xs text-muted" data-testid="image-limits">
        {t("form.upload.limits", { max: number(limits.maxImages) })} {t("form.upload.primaryHint")}
      </p>

      {errors.length > 0 ? (
        <FormAlert>
          <ul className="space-y-1" data-testid="image-errors">
            {errors.map((error) => (
              <li key={`${error.key}-${error.params?.name ?? ""}`}>
                {t(error.key, {
                  ...error.params,
                  max: number(Number(error.params?.max ?? limits.maxImages)),
                })}
              </li>
            ))}
          </ul>
        </FormAlert>
      ) : null}

      {count === 0 ? (
        <p className="text-sm text-muted" data-testid="image-empty">
          {t("form.upload.empty")}
        </p>
      ) : (
        <div className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm font-medium text-ink" data-testid="image-count">
              {t("form.upload.selected", { count, n: number(count) })}
              <span className="ms-2 text-muted">
                (
                {t("form.upload.total", {
                  total: number(limits.existingCount + count),
                  max: number(limits.maxImages),
                })}
                )
              </span>
            </p>
            <button
              type="button"
              className={buttonStyles.ghost}
              onClick={photos.clear}
              disabled={busy}
              data-testid="image-clear"
            >
              {t("form.upload.clear")}
            </button>
          </div>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="image-previews">
            {items.map((item, index) => {
              const n = number(index + 1);
              const isPrimary = primaryIsFirstNew && index === 0;
              return (
                <li
                  key={item.key}
                  className="relative overflow-hidden rounded-xl bg-slate-100 ring-1 ring-line"
                  data-testid="image-preview"
                >
                  {broken.has(item.key) ? (
                    <div className="flex aspect-4/3 w-full flex-col items-center justify-center gap-1 text-xs text-muted">
                      <ImageOff className="size-6" aria-hidden />
                      {t("form.upload.previewUnavailable")}
                    </div>
                  ) : (
                    <img
                      src={item.url}
                      alt={t("form.upload.previewAlt", { n })}
                      className="aspect-4/3 w-full object-cover"
                      onError={() => setBroken((keys) => new Set(keys).add(item.key))}
                    />
                  )}
                  {isPrimary ? (
                    <span className="absolute start-2 top-2 rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">
                      {t("form.upload.primary")}
                    </span>
                  ) : null}
                  <div className="absolute end-1.5 top-1.5 flex gap-1">
                    {primaryIsFirstNew && index > 0 ? (
                      <button
                        type="button"
                        onClick={() => photos.makeFirst(index)}
                        disabled={busy}
                        className="grid size-9 place-items-center rounded-full bg-white/90 text-ink shadow ring-1 ring-line hover:bg-white"
                        aria-label={t("form.upload.makePrimary")}
                        title={t("form.upload.makePrimary")}
                      >
                        <Star className="size-4" aria-hidden />
                      </button>
                    ) : null}
                    <button
                      type="button"
                      onClick={() => photos.remove(index)}
                      disabled={busy}
                      className="grid size-9 place-items-center rounded-full bg-white/90 text-red-700 shadow ring-1 ring-line hover:bg-white"
                      aria-label={t("form.upload.remove", { n })}
                      title={t("form.upload.remove", { n })}
                      data-testid="image-remove"
                    >
                      <X className="size-4" aria-hidden />
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
      )}

      <div role="status" aria-live="polite" data-testid="image-busy">
        {busyText ? (
          <div className="space-y-1.5 rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-900">
            <div className="flex items-center justify-between gap-3">
              <span>{busyText}</span>
              {phase === "uploading" ? (
                <span dir="ltr" className="tabular-nums" data-testid="upload-percent">
                  {formatNumber(lang, photos.progress, { style: "percent" })}
                </span>
              ) : null}
            </div>
            {phase === "uploading" ? (
              <progress
                className="h-2 w-full accent-brand-600"
                max={1}
                value={photos.progress}
                aria-label={t("form.upload.progressLabel")}
              />
            ) : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}
