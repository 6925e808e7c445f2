import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { listingImages, listings } from "~/db/schema";
import { imageKeys } from "~/media/listing-images.server";
import type { MediaStorage } from "~/media/storage.server";
import { limits } from "./abuse-limits";
import type { Auth } from "./auth.server";
import { callAuth } from "./better-auth-errors.server";
import { limitFailures } from "./rate-limit.server";
import { clearSessionCookies } from "./sign-out.server";

/**
 * Deletes the account after checking the password. The database cascades remove the member's
 * profile, sessions, listings (with their image rows and details) and favourites; conversations
 * keep the other party's messages, with this member shown as deleted (sender set to null).
 * The listings' image files are not rows: their keys are read first and the files deleted once
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
  password: string;
  /** The client's address: wrong passwords are limited per member and per address. */
  ip: string;
}) {
  const images = await db
    .select({ variants: listingImages.variants })
    .from(listingImages)
    .innerJoin(listings, eq(listings.id, listingImages.listingId))
    .where(eq(listings.userId, memberId));
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
