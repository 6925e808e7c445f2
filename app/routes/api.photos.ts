import { data } from "react-router";
import { getMember } from "~/domain/accounts/session.server";
import { listingRatesFrom } from "~/domain/listings/listing-rates.server";
import { PHOTO_UPLOAD_BYTES, stagePhoto } from "~/domain/listings/staged-photos.server";
import { serverT } from "~/i18n/i18n.server";
import { type AppError, type AppErrorCode, isAppError } from "~/utils/app-error";
import { appErrorMessage, retryAfter } from "~/utils/form.server";
import { readCappedFormData } from "~/utils/form-data.server";
import type { RouteHandle } from "~/utils/route-handle";
import type { Route } from "./+types/api.photos";

export const handle: RouteHandle = { body: "photo", writes: "own" };

/*
 * One photo uploaded while the post form is filled in (decision 025; staged-photos.server.ts).
 * Signed-in members only; the server's same-origin check refuses other sites' POSTs.
 *   POST multipart { uploadId, photo } → { ok: true, id, thumb: { src, width, height }, created }
 * The post then names the photo by `id` (stagedPhotos). The same uploadId sent again — a retry
 * after a dropped connection — answers the photo already received (`created: false`).
 * A failure is { ok: false, error } with the reason in the member's language; past the photo
 * rates (per member and per network, refused photos counted too) it is 429 with Retry-After.
 */

const NO_STORE = { "Cache-Control": "private, no-store" };

type Context = Route.ActionArgs["context"];

function fail(context: Context, status: number, code: AppErrorCode) {
  return Response.json(
    { ok: false, error: serverT(context.lang)(`errors.${code}`) },
    { status, headers: NO_STORE },
  );
}

/** A domain refusal: its text says how long to wait when a limit refused it (Retry-After too). */
function refused(context: Context, error: AppError) {
  return Response.json(
    { ok: false, error: appErrorMessage(context.lang, error) },
    { status: error.status, headers: { ...NO_STORE, ...retryAfter(error) } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, auth, storage } = context;
  if (request.method !== "POST") throw data(null, { status: 405, headers: { Allow: "POST" } });
  const member = await getMember({ auth, db, request });
  if (!member) return fail(context, 401, "AUTH_REQUIRED");
  let form: FormData | null;
  try {
    form = await readCappedFormData(request, context.lang, PHOTO_UPLOAD_BYTES);
  } catch {
    return fail(context, 400, "INVALID_REQUEST");
  }
  if (!form) return fail(context, 413, "LISTING_IMAGE_TOO_LARGE");
  const uploadId = form.get("uploadId");
  const photo = form.get("photo");
  if (typeof uploadId !== "string" || !(photo instanceof File) || photo.size === 0) {
    return fail(context, 400, "INVALID_REQUEST");
  }
  try {
    const staged = await stagePhoto({
      db,
      storage,
      member,
      uploadId,
      bytes: new Uint8Array(await photo.arrayBuffer()),
      ip: context.clientIp,
      rates: listingRatesFrom(context.env),
    });
    return Response.json(
      { ok: true, ...staged },
      { status: staged.created ? 201 : 200, headers: NO_STORE },
    );
  } catch (error) {
    if (isAppError(error)) return refused(context, error);
    context.logger.error({ err: error }, "a staged photo could not be saved");
    return fail(context, 500, "UNEXPECTED");
  }
}
