import { Readable } from "node:stream";
import { getMember } from "~/domain/accounts/session.server";
import { messagePhotoFor } from "~/domain/messaging/message-photos.server";
import type { RouteHandle } from "~/utils/route-handle";
import type { Route } from "./+types/message-photo";

export const handle: RouteHandle = { personal: true };

/**
 * A photo of a message (issue 31), for the two members of its conversation only: anyone else —
 * another member, a visitor, a guessed or malformed address — gets the same 404. Never cached
 * by a shared cache or kept by the browser (`private, no-store`), and not one of the paths the
 * service worker keeps (only `/media/` photos are).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db, auth, storage } = context;
  const member = await getMember({ auth, db, request });
  const photo = await messagePhotoFor({
    db,
    member,
    conversationId: params.conversationId,
    photoId: params.photoId,
    width: params.width,
  });
  const object = photo ? await storage.read(photo.key) : null;
  if (!object) {
    return new Response("Not found", {
      status: 404,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "private, no-store",
      },
    });
  }
  return new Response(Readable.toWeb(object.body) as ReadableStream, {
    headers: {
      "Content-Type": object.contentType,
      "Content-Length": String(object.size),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Cross-Origin-Resource-Policy": "same-origin",
    },
  });
}
