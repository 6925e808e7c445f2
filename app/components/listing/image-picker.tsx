import { type DragEvent, useState } from "react";
import { buttonStyles } from "~/components/ui/button-styles";
import { FormAlert } from "~/components/ui/field";
import { Icon } from "~/components/ui/icon";
import { toast } from "~/components/ui/toast";
import { isLang } from "~/i18n/config";
import { formatNumber } from "~/i18n/format";
import { useTranslation } from "~/i18n/react";
import type { PhotoSelection, PhotoUpload } from "./use-photo-selection";

interface ImagePickerProps {
  photos: PhotoSelection;
  /** The id and aria attributes from the form's Control, for the file input. */
  inputProps: { id: string; "aria-invalid"?: boolean; "aria-describedby"?: string };
  busy: boolean;
}

/**
 * Drop zone, previews and each photo's upload; shown once JavaScript runs, in place of the plain
 * file input (which stays named "images", so the form still works without JavaScript).
 */
export function ImagePicker({ photos, inputProps, busy }: ImagePickerProps) {
  const { t } = useTranslation("listings");
  const { i18n } = useTranslation();
  const lang = isLang(i18n.language) ? i18n.language : "en";
  const number = (value: number) => formatNumber(lang, value);
  const [dragging, setDragging] = useState(false);
  const [broken, setBroken] = useState<Set<string>>(() => new Set());
  const { items, errors, limits, uploads } = photos;
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

  const sending = items.some((item) => {
    const status = uploads[item.key]?.status;
    return status === "queued" || status === "uploading" || status === "retrying";
  });
  const busyText =
    photos.compressing > 0
      ? t("form.upload.compressing")
      : sending
        ? t("form.upload.uploading")
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
          <Icon name="image-plus" className="size-8 text-brand-600" aria-hidden />
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
                      <Icon name="image-off" className="size-6" aria-hidden />
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
                  <UploadStatus
                    upload={uploads[item.key]}
                    n={n}
                    lang={lang}
                    onRetry={() => photos.retry(item.key)}
                  />
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
                        <Icon name="star" className="size-4" aria-hidden />
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
                      <Icon name="x" className="size-4" aria-hidden />
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
              {sending ? (
                <span dir="ltr" className="tabular-nums" data-testid="upload-percent">
                  {formatNumber(lang, photos.staged, { style: "percent" })}
                </span>
              ) : null}
            </div>
            {sending ? (
              <progress
                className="h-2 w-full accent-brand-600"
                max={1}
                value={photos.staged}
                aria-label={t("form.upload.progressLabel")}
              />
            ) : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}

/**
 * One photo's upload, over the bottom of its preview: a bar while it goes, a tick once the server
 * has it, "Waiting for a connection" offline; below it, the reason and "Try again" when it failed.
 */
function UploadStatus({
  upload,
  n,
  lang,
  onRetry,
}: {
  upload: PhotoUpload | undefined;
  n: string;
  lang: "en" | "ar";
  onRetry: () => void;
}) {
  const { t } = useTranslation("listings");
  if (!upload) return null;
  const base = "absolute inset-x-0 bottom-0 px-2 py-1.5 text-xs font-medium";
  switch (upload.status) {
    case "queued":
      return null;
    case "uploading":
      return (
        <div
          className={`${base} bg-white/90 text-ink`}
          data-testid="photo-upload"
          data-status="uploading"
        >
          {upload.again ? (
            <span className="mb-1 flex items-center gap-1 text-amber-900">
              <Icon name="rotate-cw" className="size-3.5 shrink-0" aria-hidden />
              {t("form.upload.photoRetrying")}
            </span>
          ) : null}
          <progress
            className="block h-1.5 w-full accent-brand-600"
            max={1}
            value={upload.progress}
            aria-label={t("form.upload.photoProgress", { n })}
          />
          <span className="sr-only">
            {formatNumber(lang, upload.progress, { style: "percent" })}
          </span>
        </div>
      );
    case "waiting":
    case "retrying":
      return (
        <p
          className={`${base} flex items-center gap-1 bg-amber-50/95 text-amber-900`}
          data-testid="photo-upload"
          data-status={upload.status}
        >
          <Icon name="wifi-off" className="size-3.5 shrink-0" aria-hidden />
          {upload.status === "waiting"
            ? t("form.upload.photoWaiting")
            : t("form.upload.photoRetrying")}
        </p>
      );
    case "staged":
      return (
        <p
          className={`${base} flex items-center gap-1 bg-brand-50/95 text-brand-900`}
          data-testid="photo-upload"
          data-status="staged"
        >
          <Icon name="check" className="size-3.5 shrink-0" aria-hidden />
          {t("form.upload.photoDone")}
        </p>
      );
    case "failed":
      return (
        <div
          role="alert"
          className="space-y-1.5 bg-red-50 px-2 py-2 text-xs font-medium text-red-800"
          data-testid="photo-upload"
          data-status="failed"
        >
          <p>{upload.message}</p>
          <button
            type="button"
            onClick={onRetry}
            className="inline-flex min-h-9 items-center gap-1 rounded-full bg-white px-3 font-semibold text-red-800 ring-1 ring-red-200 hover:bg-red-100"
            data-testid="photo-retry"
            aria-label={t("form.upload.photoRetryLabel", { n })}
          >
            <Icon name="rotate-cw" className="size-3.5" aria-hidden />
            {t("form.upload.photoRetry")}
          </button>
        </div>
      );
  }
}
