import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import type { ListingUploadReply } from "~/components/ui/uploads";
import { useTranslation } from "~/i18n/react";
import { forgetQueuedPosts } from "~/service-worker/caches";
import type { FormReply } from "~/utils/form-reply";
import { messageReply } from "~/utils/form-reply";
import { randomUuid } from "~/utils/random-uuid";
import { loadUpload, type PhotoSelection } from "./use-photo-selection";

/*
 * The listing form's save with JavaScript (decision 025): it waits for the photos (uploaded as
 * they were chosen), then sends the form naming them to /api/listings (app/routes/api.listings.ts),
 * which answers as JSON what the page's action answers as a page. A new listing has a name (its
 * idempotency key) from the moment the form opens, so a save sent twice (a retry, a queued post
 * replayed by the service worker) makes one listing.
 */

/** Tries of the save while the browser says it is online but the server does not answer. */
const SAVE_ATTEMPTS = 4;

function untilOnline() {
  return new Promise<void>((resolve) => {
    if (navigator.onLine) return resolve();
    window.addEventListener("online", () => resolve(), { once: true });
  });
}

/** Whether the browser says it is online, kept up to date. */
function useOnline() {
  const [online, setOnline] = useState(true);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    update();
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);
  return online;
}

export interface ListingSaveOptions {
  mode: "create" | "edit";
  /** /api/listings, or /api/listings/{id} for an edit. */
  uploadTo: string;
  /** The signed-in member's id, sent with a new listing (decision 025). */
  author?: string;
  photos: PhotoSelection;
  /** Called once the listing is saved, before the page moves to it (the draft is forgotten). */
  onSaved: () => void;
  /** Called with the server's answer when the save did not go through, for the form to show. */
  onRefused: (reply: FormReply) => void;
}

export function useListingSave({
  mode,
  uploadTo,
  author,
  photos,
  onSaved,
  onRefused,
}: ListingSaveOptions) {
  const { t } = useTranslation("listings");
  const navigate = useNavigate();
  const online = useOnline();
  const [idempotencyKey] = useState(() => (mode === "create" ? randomUuid() : null));
  const [sending, setSending] = useState(false);
  // The save stalled or failed while online and is being sent again (same idempotency key).
  const [retrying, setRetrying] = useState(false);

  /**
   * Waits for the photos to be on the server, then sends the form naming them. Offline, it waits
   * for the connection and goes then (the service worker also keeps a new listing's save, to send
   * it when the connection is back even if this page is closed: Background Sync). Null when the
   * photos cannot go (the picker says why).
   */
  const attempt = async (sent: FormData): Promise<ListingUploadReply | null> => {
    const failed = t("form.upload.failed");
    for (let tries = 0; ; ) {
      const staged = await photos.whenStaged();
      if (!staged.ok) return null;
      const body = new FormData();
      for (const [name, value] of sent) body.append(name, value);
      for (const id of staged.ids) body.append("stagedPhotos", id);
      try {
        const { readUploadReply, sendSave, stallTimeoutMs } = await loadUpload();
        // A save that gets no answer is given up and sent again: its idempotency key makes the
        // repeat answer the first one's listing (decision 025).
        return readUploadReply(await sendSave(uploadTo, body, stallTimeoutMs(tries)), failed);
      } catch {
        if (!navigator.onLine) {
          await untilOnline();
          continue;
        }
        tries += 1;
        if (tries >= SAVE_ATTEMPTS) return messageReply(failed);
        setRetrying(true);
        const { retryDelayMs } = await loadUpload().catch(() => ({ retryDelayMs: () => 2000 }));
        await new Promise((resolve) => setTimeout(resolve, retryDelayMs(tries - 1)));
      }
    }
  };

  /** Sends the form's fields (without its files); `form` is where an error is scrolled to. */
  const save = (sent: FormData, form: HTMLFormElement) => {
    if (sending) return;
    setSending(true);
    if (idempotencyKey) sent.set("idempotencyKey", idempotencyKey);
    if (author) sent.set("author", author);
    void attempt(sent).then((answer) => {
      if (answer && "redirectTo" in answer) {
        if (idempotencyKey) forgetQueuedPosts(idempotencyKey);
        onSaved();
        // The root loader runs again, so the flash cookie's "Listing Created" toast shows.
        void navigate(answer.redirectTo, { defaultShouldRevalidate: true });
        return;
      }
      setSending(false);
      setRetrying(false);
      if (answer) onRefused(answer);
      requestAnimationFrame(() =>
        form.querySelector('[role="alert"]')?.scrollIntoView({ block: "center" }),
      );
    });
  };

  return {
    save,
    sending,
    /** Offline with a save waiting: said under the button the member just pressed. */
    queued: sending && !online,
    /** Sent again after no answer. */
    retrying: sending && online && retrying,
  };
}
