import { and, eq, isNotNull, or } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { accounts, conversations, listingImages, listings, messagePhotos } from "~/db/schema";
import { imageKeys } from "~/media/listing-images.server";
import type { MediaStorage } from "~/media/storage.server";
import { AppError } from "~/utils/app-error";
import { limits } from "./abuse-limits";
import type { Auth } from "./auth.server";
import { callAuth } from "./better-auth-errors.server";
import { limitFailures } from "./rate-limit.server";
import { clearSessionCookies } from "./sign-out.server";

/** How recent a phone member's sign-in must be to delete the account without a password. */
export const FRESH_SIGN_IN_MINUTES = 15;

/**
 * Deletes the account after checking the password — or, for an account made with a phone number
 * alone, which has none, a sign-in (with a code texted to the number) in the last 15 minutes: a
 * phone left unlocked in a shop cannot delete its owner's account. The database cascades remove the member's
 * profile, sessions, listings (with their image rows and details) and favourites; conversations
 * keep the other party's messages, with this member shown as deleted (sender set to null).
 * The listings' image files, and the photos of the member's messages and of the conversations
 * about their listings, are not rows: their keys are read first and the files deleted once
 * the rows are gone (a crash in between leaves unused files, never broken images).
 */
export async function deleteAccount({
  auth,
  db,
  storage,
  memberId,
  headers,
  password,
  ip,
}: {
  auth: Auth;
  db: Database;
  storage: MediaStorage;
  memberId: string;
  headers: Headers;
  /** Empty for an account without one (checked here, not trusted from the form). */
  password: string;
  /** The client's address: wrong passwords are limited per member and per address. */
  ip: string;
}) {
  const images = await db
    .select({ variants: listingImages.variants })
    .from(listingImages)
    .innerJoin(listings, eq(listings.id, listingImages.listingId))
    .where(eq(listings.userId, memberId));
  // The photos of messages go with their rows too: the member's own, and every photo in the
  // conversations about the member's listings (those conversations go with the listings).
  const photos = await db
    .select({ variants: messagePhotos.variants })
    .from(messagePhotos)
    .innerJoin(conversations, eq(conversations.id, messagePhotos.conversationId))
    .innerJoin(listings, eq(listings.id, conversations.listingId))
    .where(or(eq(messagePhotos.senderId, memberId), eq(listings.userId, memberId)));
  images.push(...photos.flatMap((photo) => (photo.variants ? [{ variants: photo.variants }] : [])));
  const [credential] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, memberId), isNotNull(accounts.password)))
    .limit(1);
  if (!credential) {
    const current = await auth.api.getSession({ headers });
    const age = Date.now() - new Date(current?.session.createdAt ?? 0).getTime();
    if (current?.user.id !== memberId || age > FRESH_SIGN_IN_MINUTES * 60_000)
      throw new AppError("SIGN_IN_AGAIN_TO_DELETE");
    // better-auth asks a password-less deletion for a fresh session too (a day): ours is stricter.
    await callAuth(() => auth.api.deleteUser({ body: {}, headers }), {
      SESSION_EXPIRED: "SIGN_IN_AGAIN_TO_DELETE",
    });
    await storage.delete(images.flatMap(imageKeys)).catch(() => {});
    return clearSessionCookies(auth);
  }
  if (!password) throw new AppError("REQUIRED_FIELDS", { field: "password" });
  await limitFailures(
    db,
    [
      [limits.passwordCheckPerMember, memberId],
      [limits.passwordCheckPerIp, ip],
    ],
    ["WRONG_CURRENT_PASSWORD"],
    () =>
      callAuth(() => auth.api.deleteUser({ body: { password }, headers }), {
        INVALID_PASSWORD: { code: "WRONG_CURRENT_PASSWORD", field: "password" },
      }),
  );
  await storage.delete(images.flatMap(imageKeys)).catch(() => {});
  return clearSessionCookies(auth);
}
