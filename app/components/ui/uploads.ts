/*
 * The listing form's requests from the browser (decision 025): each photo goes to /api/photos as
 * soon as it is chosen, with XMLHttpRequest (fetch() cannot report upload progress, and the picker
 * shows each photo's progress: on a slow connection a photo takes long enough that the member must
 * see it move); the save then names the photos, is small, and goes with fetch. Fetched after the
 * form is up (use-photo-selection.ts). A message's photos go the same way to their conversation
 * (components/messaging/message-photos.tsx).
 */

import { type FormReply, isFormReply, messageReply } from "~/utils/form-reply";

/**
 * What /api/listings answers (app/routes/api.listings.ts): where to go once saved, or the form's
 * reply, as the page's action answers it.
 */
export type ListingUploadReply = { redirectTo: string } | FormReply;

export interface RawReply {
  status: number;
  contentType: string;
  body: string;
}

/** The request never got an answer: offline, the connection dropped, or the server is away. */
export class NetworkError extends Error {}

/**
 * Nothing moved for the stall timeout: no byte sent, no answer. The browser still says it is
 * online, but the connection carries nothing (the usual case on a congested mobile network).
 */
export class StalledError extends NetworkError {}

/**
 * How long a request may go without sending a byte or hearing one before it is given up as
 * stalled: 20 s the first time, doubling with each try up to a minute. A working connection,
 * however thin, moves bytes every fraction of a second, and the server answers a photo (three
 * sizes made) in a few seconds; 20 s of silence is a connection that stopped. The window grows
 * because progress counts what the browser handed to the network, not what arrived: on a very
 * slow link the last bytes can sit in the phone's buffer for a while, and the next try must not
 * be cut at the same point. Trying again is safe: a photo's upload id and a post's idempotency
 * key make the server answer a repeat without doing the work twice (decision 025).
 */
export function stallTimeoutMs(attempt: number) {
  return Math.min(60_000, 20_000 * 2 ** Math.max(0, attempt));
}

interface SendOptions {
  /** The share sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Give up (StalledError) when nothing is sent or received for this long. */
  stallMs?: number;
}

/**
 * Posts a photo's `form` to `url` and resolves with any answer the server gives; rejects with
 * NetworkError when there is none (StalledError when nothing moved for `stallMs`), and with an
 * AbortError when `signal` stops it.
 */
export function sendPhoto(url: string, form: FormData, options: SendOptions = {}) {
  const { onProgress, signal, stallMs } = options;
  return new Promise<RawReply>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException("Upload aborted", "AbortError"));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.setRequestHeader("Accept", "application/json");
    let stalled = false;
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    /** Something moved: the stall timeout starts again. */
    const moved = () => {
      if (stallMs === undefined) return;
      clearTimeout(watchdog);
      watchdog = setTimeout(() => {
        stalled = true;
        xhr.abort();
      }, stallMs);
    };
    xhr.upload.addEventListener("progress", (event) => {
      moved();
      if (onProgress && event.lengthComputable && event.total > 0) {
        onProgress(event.loaded / event.total);
      }
    });
    xhr.upload.addEventListener("load", () => {
      moved();
      onProgress?.(1);
    });
    xhr.addEventListener("progress", moved);
    xhr.addEventListener("readystatechange", moved);
    const stop = () => xhr.abort();
    signal?.addEventListener("abort", stop, { once: true });
    const settle = () => {
      clearTimeout(watchdog);
      signal?.removeEventListener("abort", stop);
    };
    xhr.addEventListener("load", () => {
      settle();
      resolve({
        status: xhr.status,
        contentType: xhr.getResponseHeader("content-type") ?? "",
        body: xhr.responseText,
      });
    });
    xhr.addEventListener("error", () => {
      settle();
      reject(new NetworkError("Network error"));
    });
    xhr.addEventListener("timeout", () => {
      settle();
      reject(new NetworkError("Timed out"));
    });
    xhr.addEventListener("abort", () => {
      settle();
      reject(
        stalled
          ? new StalledError("Nothing moved for the stall timeout")
          : new DOMException("Upload aborted", "AbortError"),
      );
    });
    xhr.send(form);
    moved();
  });
}

/**
 * Posts the save's `form` to `url` with fetch and resolves with any answer the server gives;
 * rejects with StalledError when none has come within `stallMs` (the save is small: no answer by
 * then is a connection that stopped), with NetworkError when the connection failed.
 */
export async function sendSave(url: string, form: FormData, stallMs: number): Promise<RawReply> {
  const stop = new AbortController();
  // A timer of the page's own (not AbortSignal.timeout): the tests' fake clocks move it.
  const watchdog = setTimeout(() => stop.abort(), stallMs);
  try {
    const response = await fetch(url, {
      method: "POST",
      body: form,
      headers: { Accept: "application/json" },
      signal: stop.signal,
    });
    return {
      status: response.status,
      contentType: response.headers.get("content-type") ?? "",
      body: await response.text(),
    };
  } catch {
    throw stop.signal.aborted
      ? new StalledError("No answer within the stall timeout")
      : new NetworkError("Network error");
  } finally {
    clearTimeout(watchdog);
  }
}

function parseJson(raw: RawReply): unknown {
  if (!raw.contentType.includes("application/json")) return undefined;
  try {
    return JSON.parse(raw.body);
  } catch {
    return undefined;
  }
}

/** The same-origin check's refusal: plain text, already in the visitor's language. */
function plainRefusal(raw: RawReply) {
  const text = raw.status === 403 && raw.contentType.startsWith("text/plain") && raw.body.trim();
  return text ? text.slice(0, 500) : null;
}

/**
 * The server's answer to a save as a reply the form can show. Our JSON as it is; the same-origin
 * check's refusal as the form's message; anything else (a proxy's error page, a crash) as
 * `fallback`, never a blank page.
 */
export function readUploadReply(raw: RawReply, fallback: string): ListingUploadReply {
  const reply = parseJson(raw);
  if (reply && typeof reply === "object" && "redirectTo" in reply) {
    const to = reply.redirectTo;
    if (typeof to === "string" && to.startsWith("/") && !to.startsWith("//")) {
      return { redirectTo: to };
    }
  } else if (isFormReply(reply) && reply.status === "error" && reply.error) {
    return reply;
  }
  const refusal = plainRefusal(raw);
  return messageReply(refusal ?? fallback);
}

/**
 * What became of one photo's upload (app/routes/api.photos.ts):
 * - `staged`: the server has it; the save names it by `id`.
 * - `retry`: not the photo's fault (the server busy with the same upload, a crash, a proxy):
 *   the same upload again, after a pause, is answered without processing it twice.
 * - `refused`: the photo or the member was refused (not an image, too large, too many waiting,
 *   signed out): sending it again changes nothing; `message` says why, in the member's language.
 */
export type PhotoOutcome =
  | { status: "staged"; id: string }
  | { status: "retry" }
  | { status: "refused"; message: string };

const RETRIED_STATUSES = new Set([408, 409, 425, 502, 503, 504]);

export function readPhotoReply(raw: RawReply, fallback: string): PhotoOutcome {
  const reply = parseJson(raw);
  const fields = reply && typeof reply === "object" ? (reply as Record<string, unknown>) : {};
  if (raw.status >= 200 && raw.status < 300) {
    if (fields.ok === true && typeof fields.id === "string") {
      return { status: "staged", id: fields.id };
    }
    return { status: "retry" };
  }
  if (RETRIED_STATUSES.has(raw.status) || raw.status >= 500) return { status: "retry" };
  const message =
    typeof fields.error === "string" && fields.error.trim()
      ? fields.error.trim().slice(0, 500)
      : plainRefusal(raw);
  return { status: "refused", message: message ?? fallback };
}

/** How many times one photo is sent while the browser says it is online, before it is failed. */
export const PHOTO_ATTEMPTS = 6;

/**
 * The pause before the next try: 1 s, 2 s, 4 s… up to 30 s, each with up to a quarter more at
 * random, so that the phones of a town whose power came back do not all retry at once.
 */
export function retryDelayMs(attempt: number, random: () => number = Math.random) {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, attempt));
  return Math.round(base * (1 + random() / 4));
}
