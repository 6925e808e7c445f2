import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { users } from "~/db/schema";
import { AppError } from "~/utils/app-error";
import type { LinkSigner } from "~/utils/signed-link.server";
import { isNotificationKind, type NotificationKind } from "./notification-kinds";
import { turnOffEmail } from "./notification-preferences.server";

/*
 * Every notification e-mail carries a link (and List-Unsubscribe headers, RFC 8058) that turns
 * off exactly its kind of e-mail, without signing in: the signature stands for the member. It
 * does not expire: an old e-mail's link must still work.
 */

const PURPOSE = "unsubscribe";
const USER_ID = /^[\w-]{1,64}$/;

function payload(userId: string, kind: NotificationKind) {
  return `${userId}:${kind}`;
}

export function unsubscribeLink(
  publicUrl: string,
  signer: LinkSigner,
  target: { userId: string; kind: NotificationKind },
) {
  const params = new URLSearchParams({
    u: target.userId,
    kind: target.kind,
    token: signer.sign(PURPOSE, payload(target.userId, target.kind)),
  });
  return `${publicUrl.replace(/\/+$/, "")}/unsubscribe?${params}`;
}

/** What an unsubscribe link stands for, or null when it is tampered with or malformed. */
export function readUnsubscribeLink(
  signer: LinkSigner,
  params: { u: unknown; kind: unknown; token: unknown },
): { userId: string; kind: NotificationKind } | null {
  const { u, kind, token } = params;
  if (typeof u !== "string" || !USER_ID.test(u) || !isNotificationKind(kind)) return null;
  if (!signer.verify(PURPOSE, payload(u, kind), token)) return null;
  return { userId: u, kind };
}

/** Turns off the link's kind of e-mail. Repeating it changes nothing. */
export async function unsubscribe(
  db: Database,
  signer: LinkSigner,
  params: { u: unknown; kind: unknown; token: unknown },
): Promise<{ kind: NotificationKind }> {
  const target = readUnsubscribeLink(signer, params);
  if (!target) throw new AppError("INVALID_UNSUBSCRIBE_LINK");
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, target.userId))
    .limit(1);
  // A deleted account has nothing left to unsubscribe: done, as far as the reader can tell.
  if (user) await turnOffEmail(db, target.userId, target.kind);
  return { kind: target.kind };
}
