/*
 * Sends the listing form from the browser with XMLHttpRequest: fetch() cannot report upload
 * progress, and on a slow connection ten photos take long enough that the member must see it move.
 */

import { type FormReply, isFormReply, messageReply } from "~/utils/form-reply";

/**
 * What /api/listings answers (app/routes/api.listings.ts): where to go once saved, or the form's
 * reply, as the page's action answers it.
 */
export type ListingUploadReply = { redirectTo: string } | FormReply;

export function isSaved(reply: ListingUploadReply): reply is { redirectTo: string } {
  return "redirectTo" in reply;
}

export interface RawReply {
  status: number;
  contentType: string;
  body: string;
}

/** Posts `form` to `url`; `onProgress` gets the share sent so far, 0 to 1. Rejects when offline. */
export function sendListingForm(
  url: string,
  form: FormData,
  onProgress: (fraction: number) => void,
): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    xhr.upload.addEventListener("load", () => onProgress(1));
    xhr.addEventListener("load", () =>
      resolve({
        status: xhr.status,
        contentType: xhr.getResponseHeader("content-type") ?? "",
        body: xhr.responseText,
      }),
    );
    xhr.addEventListener("error", () => reject(new Error("Network error")));
    xhr.addEventListener("abort", () => reject(new Error("Upload aborted")));
    xhr.send(form);
  });
}

/**
 * The server's answer as a reply the form can show. Our JSON as it is; the same-origin check's
 * refusal (plain text, already in the visitor's language) as the form's message; anything else
 * (a proxy's error page, a crash) as `fallback`, never a blank page.
 */
export function readUploadReply(raw: RawReply, fallback: string): ListingUploadReply {
  if (raw.contentType.includes("application/json")) {
    try {
      const reply: unknown = JSON.parse(raw.body);
      if (reply && typeof reply === "object" && "redirectTo" in reply) {
        const to = reply.redirectTo;
        if (typeof to === "string" && to.startsWith("/") && !to.startsWith("//")) {
          return { redirectTo: to };
        }
      } else if (isFormReply(reply) && reply.status === "error" && reply.error) {
        return reply;
      }
    } catch {
      // Not our JSON: fall through.
    }
  }
  if (raw.status === 403 && raw.contentType.startsWith("text/plain") && raw.body.trim()) {
    return messageReply(raw.body.trim().slice(0, 500));
  }
  return messageReply(fallback);
}
