import type { Lang } from "~/i18n/config";
import { serverT } from "~/i18n/i18n.server";

/*
 * The one way an action reads a submitted form. A body that is not a form (JSON, plain text, a
 * broken multipart) or that carries a NUL character is a client mistake: it is answered with a
 * 400 and a sentence in the reader's language, never a 500 from deep inside the parser or the
 * database (PostgreSQL refuses NUL in text).
 */

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** Reads the request's form; throws a 400 Response when it is not a well-formed form. */
export async function readFormData(request: Request, lang: Lang): Promise<FormData> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
  // A form with no fields may arrive with no body and no type at all; that is an empty form.
  if (!type && !request.body) return new FormData();
  if (!type || !FORM_TYPES.includes(type)) throw badForm(lang);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw badForm(lang);
  }
  for (const [name, value] of form) {
    if (name.includes("\0") || (typeof value === "string" && value.includes("\0"))) {
      throw badForm(lang);
    }
  }
  return form;
}

export function badForm(lang: Lang) {
  return new Response(serverT(lang)("error.badForm"), {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/**
 * The form data, or null when the body is larger than `limit`; read with a cap so that an
 * oversized upload is not buffered whole.
 */
export async function readCappedFormData(
  request: Request,
  lang: Lang,
  limit: number,
): Promise<FormData | null> {
  if (Number(request.headers.get("content-length") ?? 0) > limit) return null;
  if (!request.body) return readFormData(request, lang);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  const headers = { "content-type": request.headers.get("content-type") ?? "" };
  return readFormData(new Request(request.url, { method: "POST", body, headers }), lang);
}
