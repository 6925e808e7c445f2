import { data } from "react-router";
import { getMember } from "~/domain/accounts/session.server";
import { listingRatesFrom } from "~/domain/listings/listing-rates.server";
import { PHOTO_UPLOAD_BYTES } from "~/domain/listings/staged-photos.server";
import { stageMessagePhoto } from "~/domain/messaging/message-photos.server";
import { serverT } from "~/i18n/i18n.server";
import { isAppError } from "~/utils/app-error";
import { appErrorMessage, retryAfter } from "~/utils/form.server";
import { readCappedFormData } from "~/utils/form-data.server";
import type { RouteHandle } from "~/utils/route-handle";
import { photoView } from "~/views/messaging/message-view.server";
import type { Route } from "./+types/message-photos";

export const handle: RouteHandle = { body: "photo", writes: "own", personal: true };

/*
 * One photo for a message being written (issue 31; message-photos.server.ts), uploaded while
 * the member writes, as listing photos are (api.photos.ts):
 *   POST multipart { uploadId, photo } → { ok: true, id, thumb: { src, width, height }, created }
 * The message then names the photo by `id` (its `photos` fields). The same uploadId again — a
 * retry after a dropped connection — answers the photo already received. A failure is
 * { ok: false, error } in the member's language; strangers to the conversation get 404.
 */

const NO_STORE = { "Cache-Control": "private, no-store" };

function fail(status: number, text: string) {
  return Response.json({ ok: false, error: text }, { status, headers: NO_STORE });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { db, auth, storage, lang } = context;
  if (request.method !== "POST") throw data(null, { status: 405, headers: { Allow: "POST" } });
  const t = serverT(lang);
  const member = await getMember({ auth, db, request });
  if (!member) return fail(401, t("errors.AUTH_REQUIRED"));
  let form: FormData | null;
  try {
    form = await readCappedFormData(request, lang, PHOTO_UPLOAD_BYTES);
  } catch {
    return fail(400, t("errors.INVALID_REQUEST"));
  }
  if (!form) return fail(413, t("errors.LISTING_IMAGE_TOO_LARGE"));
  const photo = form.get("photo");
  if (!(photo instanceof File) || photo.size === 0) {
    return fail(400, t("errors.INVALID_REQUEST"));
  }
  try {
    const staged = await stageMessagePhoto({
      db,
      storage,
      member,
      conversationId: params.conversationId,
      uploadId: form.get("uploadId"),
      bytes: new Uint8Array(await photo.arrayBuffer()),
      ip: context.clientIp,
      rates: listingRatesFrom(context.env),
    });
    const view = photoView(staged.conversationId, staged);
    return Response.json(
      {
        ok: true,
        id: staged.id,
        thumb: { src: view.src, width: view.width, height: view.height },
        created: staged.created,
      },
      { status: staged.created ? 201 : 200, headers: NO_STORE },
    );
  } catch (error) {
    if (isAppError(error)) {
      if (error.code === "NOT_FOUND") return fail(404, t("errors.NOT_FOUND"));
      return Response.json(
        { ok: false, error: appErrorMessage(lang, error) },
        { status: error.status, headers: { ...NO_STORE, ...retryAfter(error) } },
      );
    }
    context.logger.error({ err: error }, "a message photo could not be saved");
    return fail(500, t("errors.UNEXPECTED"));
  }
}
