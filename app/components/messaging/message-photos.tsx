import { useEffect, useRef, useState } from "react";
import { compressImage } from "~/components/ui/compress-image";
import { Icon } from "~/components/ui/icon";
import {
  NetworkError,
  PHOTO_ATTEMPTS,
  readPhotoReply,
  retryDelayMs,
  sendPhoto,
  stallTimeoutMs,
} from "~/components/ui/uploads";
import { MESSAGE_PHOTOS_MAX } from "~/domain/messaging/messaging-limits";
import { useTranslation } from "~/i18n/react";

/*
 * Photos in a message being written (issue 31), with JavaScript: each is made smaller on the
 * device and uploaded on its own as soon as it is picked, like a listing's photos — the same
 * upload id again after a dropped connection is the same photo on the server, so a retry never
 * uploads it twice. Offline, an upload waits for the connection. The message names the photos
 * that arrived (their ids); it cannot be sent while one is still on its way.
 */

export interface PickedPhoto {
  uploadId: string;
  /** The file on the device, for the thumbnail (an object URL). */
  preview: string;
  state: "uploading" | "ready" | "failed";
  /** The server's id once it arrived. */
  id?: string;
  /** Why it was refused, in the member's language. */
  error?: string;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const online = () =>
  navigator.onLine
    ? Promise.resolve()
    : new Promise<void>((resolve) =>
        window.addEventListener("online", () => resolve(), { once: true }),
      );

export function useMessagePhotos(conversationId: string) {
  const { t } = useTranslation("messages");
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const live = useRef(new Set<string>());
  const update = (uploadId: string, change: Partial<PickedPhoto>) =>
    setPhotos((current) => current.map((p) => (p.uploadId === uploadId ? { ...p, ...change } : p)));

  useEffect(
    () => () => {
      live.current.clear();
    },
    [],
  );

  async function upload(uploadId: string, file: File) {
    const photo = await compressImage(file).catch(() => file);
    for (let attempt = 0; attempt < PHOTO_ATTEMPTS; attempt++) {
      await online();
      if (!live.current.has(uploadId)) return;
      const form = new FormData();
      form.set("uploadId", uploadId);
      form.set("photo", photo, photo.name);
      try {
        const raw = await sendPhoto(`/messages/${conversationId}/photos`, form, {
          stallMs: stallTimeoutMs(attempt),
        });
        const outcome = readPhotoReply(raw, t("photos.failed"));
        if (outcome.status === "staged")
          return update(uploadId, { state: "ready", id: outcome.id });
        if (outcome.status === "refused") {
          return update(uploadId, { state: "failed", error: outcome.message });
        }
      } catch (error) {
        if (!(error instanceof NetworkError)) break;
      }
      await wait(retryDelayMs(attempt));
    }
    update(uploadId, { state: "failed", error: t("photos.failed") });
  }

  const add = (files: Iterable<File>) => {
    const room = MESSAGE_PHOTOS_MAX - photos.length;
    const picked = [...files].slice(0, Math.max(0, room)).map((file) => ({
      file,
      photo: {
        uploadId: crypto.randomUUID(),
        preview: URL.createObjectURL(file),
        state: "uploading" as const,
      },
    }));
    setPhotos((current) => [...current, ...picked.map((p) => p.photo)]);
    for (const { file, photo } of picked) {
      live.current.add(photo.uploadId);
      void upload(photo.uploadId, file);
    }
  };
  const remove = (uploadId: string) => {
    live.current.delete(uploadId);
    setPhotos((current) =>
      current.filter((p) => {
        if (p.uploadId === uploadId) URL.revokeObjectURL(p.preview);
        return p.uploadId !== uploadId;
      }),
    );
  };
  const clear = () => {
    for (const p of photos) URL.revokeObjectURL(p.preview);
    live.current.clear();
    setPhotos([]);
  };
  return {
    photos,
    add,
    remove,
    clear,
    busy: photos.some((p) => p.state === "uploading"),
    ids: photos.flatMap((p) => (p.state === "ready" && p.id ? [p.id] : [])),
    full: photos.length >= MESSAGE_PHOTOS_MAX,
  };
}

/** The picked photos over the composer: each with its state and a button to take it out. */
export function PickedPhotos({
  photos,
  onRemove,
}: {
  photos: PickedPhoto[];
  onRemove: (uploadId: string) => void;
}) {
  const { t } = useTranslation("messages");
  if (photos.length === 0) return null;
  return (
    <ul className="mb-2 flex flex-wrap gap-2" data-testid="picked-photos">
      {photos.map((photo) => (
        <li key={photo.uploadId} className="flex flex-col gap-1" data-state={photo.state}>
          <div className="relative size-16 overflow-hidden rounded-lg ring-1 ring-line">
            <img src={photo.preview} alt="" className="size-full object-cover" />
            {photo.state === "uploading" ? (
              <span className="absolute inset-0 grid place-items-center bg-white/60">
                <Icon name="loader-circle" className="size-5 animate-spin text-brand-700" />
                <span className="sr-only">{t("photos.uploading")}</span>
              </span>
            ) : null}
            <button
              type="button"
              className="absolute end-0.5 top-0.5 grid size-6 place-items-center rounded-full bg-ink/70 text-white"
              aria-label={t("photos.remove")}
              onClick={() => onRemove(photo.uploadId)}
            >
              <Icon name="x" className="size-3.5" aria-hidden />
            </button>
          </div>
          {photo.error ? (
            <p className="max-w-40 text-xs text-red-700" role="alert">
              {photo.error}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
