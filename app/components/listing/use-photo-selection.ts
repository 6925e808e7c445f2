import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "~/components/ui/toast";
import type { PhotoOutcome } from "~/components/ui/uploads";
import { useTranslation } from "~/i18n/react";
import { randomUuid } from "~/utils/random-uuid";
import {
  addToSelection,
  moveToFront,
  removeAt,
  type SelectionError,
  type SelectionLimits,
  validateSelection,
} from "./image-selection";

/*
 * The photos chosen for a listing in the browser (decision 025). Each is
 * compressed on the device, then uploaded on its own to /api/photos as soon as it is ready, one
 * after another: progress per photo, a pause and another try when the server does not answer or
 * the connection stops moving (components/ui/uploads.ts `stallTimeoutMs`), a pause while the browser is
 * offline and a resume when it is back, and a clear error for a photo that is refused. The save
 * names the uploaded photos and so is small.
 */

/** Where one photo's upload is. */
export type PhotoUpload =
  /** Being compressed, or waiting for the photos before it. */
  | { status: "queued" }
  /** `again`: a later try of this photo, after the connection failed or stalled. */
  | { status: "uploading"; progress: number; again: boolean }
  /** Offline: it goes on when the connection is back. */
  | { status: "waiting" }
  /** The server did not answer: another try in a moment. */
  | { status: "retrying" }
  | { status: "staged"; id: string }
  | { status: "failed"; message: string };

export interface PhotoItem {
  key: string;
  file: File;
  /** An object URL for the preview; revoked when the photo leaves the selection. */
  url: string;
  /** The server's name for this upload: a retry of it is answered without processing it again. */
  uploadId: string;
  /** The file to upload: the compressed one, or the original when compression fails or skips. */
  prepared: Promise<File>;
  /** Stops the upload when the photo is removed. */
  abort: AbortController;
}

/** Photos ready for the save, or why not. */
export type StagedPhotos = { ok: true; ids: string[] } | { ok: false; errors: SelectionError[] };

let nextKey = 0;

// Compression and the uploads start with the first photo: their code is fetched once the page
// has hydrated and the browser is idle (decision 030), so it is there even if the connection drops.
const loadCompression = () => import("~/components/ui/compress-image");
export const loadUpload = () => import("~/components/ui/uploads");
function preload() {
  void Promise.all([loadCompression(), loadUpload()]).catch(() => {
    // Offline: each is fetched again when it is needed.
  });
}

const isSettled = (upload: PhotoUpload | undefined) =>
  upload?.status === "staged" || upload?.status === "failed";

/** Waits `ms`, or less when `signal` stops it. */
function pause(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

export function usePhotoSelection({ limits }: { limits: SelectionLimits }) {
  const { t } = useTranslation("listings");
  const [items, setItems] = useState<PhotoItem[]>([]);
  const [uploads, setUploads] = useState<Record<string, PhotoUpload>>({});
  const [errors, setErrors] = useState<SelectionError[]>([]);
  const [compressing, setCompressing] = useState(0);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const uploadsRef = useRef(uploads);
  // One photo compressed at a time: ten decoded 12-megapixel photos at once would exhaust a
  // phone's memory.
  const compressionQueue = useRef<Promise<unknown>>(Promise.resolve());
  // Told whenever an upload settles or a photo leaves, so a save can wait for the rest.
  const listeners = useRef(new Set<() => void>());
  const pumping = useRef({ running: false, again: false });
  const texts = useRef({ failed: "" });
  texts.current.failed = t("form.upload.photoFailed");

  const setUpload = useCallback((key: string, upload: PhotoUpload | null) => {
    const next = { ...uploadsRef.current };
    if (upload) next[key] = upload;
    else delete next[key];
    uploadsRef.current = next;
    setUploads(next);
    for (const listener of listeners.current) listener();
  }, []);

  const present = useCallback(
    (item: PhotoItem) => itemsRef.current.includes(item) && !item.abort.signal.aborted,
    [],
  );

  /** Every photo not yet on the server says it waits for the connection. */
  const waitForConnection = useCallback(() => {
    for (const item of itemsRef.current) {
      if (!isSettled(uploadsRef.current[item.key])) setUpload(item.key, { status: "waiting" });
    }
  }, [setUpload]);

  /** One photo, tried until the server has it, refuses it, or the browser goes offline. */
  const uploadOne = useCallback(
    async (item: PhotoItem): Promise<"done" | "offline"> => {
      const file = await item.prepared;
      for (let attempt = 0; ; ) {
        if (!present(item)) return "done";
        if (!navigator.onLine) return "offline";
        const again = attempt > 0;
        setUpload(item.key, { status: "uploading", progress: 0, again });
        const body = new FormData();
        body.set("uploadId", item.uploadId);
        body.set("photo", file, file.name);
        let outcome: PhotoOutcome;
        try {
          const { readPhotoReply, sendPhoto, stallTimeoutMs } = await loadUpload();
          const raw = await sendPhoto("/api/photos", body, {
            signal: item.abort.signal,
            // Online but nothing moving: given up after a while and sent again, same upload id.
            stallMs: stallTimeoutMs(attempt),
            onProgress: (progress) => {
              if (present(item)) setUpload(item.key, { status: "uploading", progress, again });
            },
          });
          outcome = readPhotoReply(raw, texts.current.failed);
        } catch {
          if (!present(item)) return "done";
          if (!navigator.onLine) return "offline";
          outcome = { status: "retry" };
        }
        if (!present(item)) return "done";
        if (outcome.status === "staged") {
          setUpload(item.key, { status: "staged", id: outcome.id });
          return "done";
        }
        if (outcome.status === "refused") {
          setUpload(item.key, { status: "failed", message: outcome.message });
          return "done";
        }
        const { PHOTO_ATTEMPTS, retryDelayMs } = await loadUpload();
        attempt += 1;
        if (attempt >= PHOTO_ATTEMPTS) {
          setUpload(item.key, { status: "failed", message: texts.current.failed });
          return "done";
        }
        setUpload(item.key, { status: "retrying" });
        await pause(retryDelayMs(attempt - 1), item.abort.signal);
      }
    },
    [setUpload, present],
  );

  /**
   * Uploads what is not on the server yet, in the order shown, one at a time (on a thin
   * connection, one photo finishing beats eight crawling). Called on every change; one runs.
   */
  const pump = useCallback(async () => {
    const state = pumping.current;
    if (state.running) {
      state.again = true;
      return;
    }
    state.running = true;
    try {
      do {
        state.again = false;
        for (const item of itemsRef.current) {
          if (isSettled(uploadsRef.current[item.key]) || !present(item)) continue;
          if ((await uploadOne(item)) === "offline") {
            waitForConnection();
            state.again = false;
            return;
          }
        }
      } while (state.again);
    } finally {
      state.running = false;
    }
  }, [uploadOne, waitForConnection, present]);

  useEffect(() => {
    const idle =
      typeof window.requestIdleCallback === "function"
        ? window.requestIdleCallback(preload, { timeout: 3000 })
        : undefined;
    const timer = idle === undefined ? setTimeout(preload, 1000) : undefined;
    const onOnline = () => void pump();
    window.addEventListener("online", onOnline);
    return () => {
      if (idle !== undefined) window.cancelIdleCallback(idle);
      clearTimeout(timer);
      window.removeEventListener("online", onOnline);
      for (const item of itemsRef.current) {
        item.abort.abort();
        URL.revokeObjectURL(item.url);
      }
    };
  }, [pump]);

  const prepare = useCallback(
    (file: File) => {
      setCompressing((n) => n + 1);
      const run = compressionQueue.current
        .then(() => loadCompression())
        .then(({ compressImage }) => compressImage(file))
        .catch(() => {
          toast.error(t("form.upload.compressFailed"), { id: "compress-failed" });
          return file;
        })
        .finally(() => setCompressing((n) => n - 1));
      compressionQueue.current = run;
      return run;
    },
    [t],
  );

  const add = (incoming: File[]) => {
    const current = itemsRef.current.map((item) => item.file);
    const result = addToSelection(current, incoming, limits);
    setErrors(result.errors);
    const added: PhotoItem[] = result.files.slice(current.length).map((file) => ({
      key: `photo-${nextKey++}`,
      file,
      url: URL.createObjectURL(file),
      uploadId: randomUuid(),
      prepared: prepare(file),
      abort: new AbortController(),
    }));
    if (added.length === 0) return;
    itemsRef.current = [...itemsRef.current, ...added];
    setItems(itemsRef.current);
    for (const item of added) setUpload(item.key, { status: "queued" });
    void pump();
  };

  const forget = (leaving: PhotoItem[]) => {
    for (const item of leaving) {
      item.abort.abort();
      URL.revokeObjectURL(item.url);
      setUpload(item.key, null);
    }
  };

  const remove = (index: number) => {
    const item = itemsRef.current[index];
    itemsRef.current = removeAt(itemsRef.current, index);
    setItems(itemsRef.current);
    setErrors([]);
    if (item) forget([item]);
  };

  const clear = () => {
    const leaving = itemsRef.current;
    itemsRef.current = [];
    setItems([]);
    setErrors([]);
    forget(leaving);
  };

  const makeFirst = (index: number) => {
    itemsRef.current = moveToFront(itemsRef.current, index);
    setItems(itemsRef.current);
  };

  /** A refused or given-up photo, sent again (a new try of the same upload). */
  const retry = (key: string) => {
    if (uploadsRef.current[key]?.status !== "failed") return;
    setUpload(key, { status: "queued" });
    void pump();
  };

  /**
   * For the save: checks the limits again, then waits until every photo is on the server (while
   * offline, until the connection is back and they are) and answers their ids in the order
   * shown, or why the save cannot go (a limit, or a photo that did not upload).
   */
  const whenStaged = (): Promise<StagedPhotos> => {
    const problems = validateSelection(
      itemsRef.current.map((item) => item.file),
      limits,
    );
    setErrors(problems);
    if (problems.length > 0) return Promise.resolve({ ok: false, errors: problems });
    void pump();
    return new Promise((resolve) => {
      const check = () => {
        const current = itemsRef.current.map((item) => uploadsRef.current[item.key]);
        if (!current.every(isSettled)) return;
        listeners.current.delete(check);
        const ids = current.flatMap((upload) => (upload?.status === "staged" ? [upload.id] : []));
        if (ids.length === current.length) return resolve({ ok: true, ids });
        const errors: SelectionError[] = [{ key: "form.upload.notAllUploaded" }];
        setErrors(errors);
        resolve({ ok: false, errors });
      };
      listeners.current.add(check);
      check();
    });
  };

  /** The share of the chosen photos on the server, 0 to 1 (1 with none). */
  const staged = items.length
    ? items.reduce((sum, item) => {
        const upload = uploads[item.key];
        if (upload?.status === "staged") return sum + 1;
        if (upload?.status === "uploading") return sum + upload.progress;
        return sum;
      }, 0) / items.length
    : 1;

  return {
    items,
    uploads,
    errors,
    compressing,
    staged,
    limits,
    add,
    remove,
    clear,
    makeFirst,
    retry,
    whenStaged,
  };
}

export type PhotoSelection = ReturnType<typeof usePhotoSelection>;
