import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { accounts, profiles, users } from "~/db/schema";
import type { Lang } from "~/i18n/config";
import { AppError } from "~/utils/app-error";
import { ensureProfile } from "./session.server";

export interface MemberProfile {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  createdAt: Date;
  /** Public URL of the avatar (/media/avatars/…), or null for the initial-letter fallback. */
  image: string | null;
  username: string | null;
  fullName: string;
  avatarKey: string | null;
  /** A city id from the reference data. */
  location: string | null;
  /** E.164. */
  phoneNumber: string | null;
  /** When the number was proved by SMS; null: not verified (decision 036). */
  phoneVerifiedAt: Date | null;
  /** When another account took the number this one had verified. */
  phoneTakenAt: Date | null;
  preferredLanguage: Lang;
  /** The account has a password (an account made with a phone number alone has none). */
  hasPassword: boolean;
}

/**
 * The member's own profile with their account fields, in one statement. Members who signed up
 * before profiles existed (or whose row was lost) get one on first visit, named after their
 * account (two more statements, that once).
 */
export async function getProfile({
  db,
  memberId,
  lang = "en",
}: {
  db: Database;
  memberId: string;
  /** The language a newly created profile starts with. */
  lang?: Lang;
}): Promise<MemberProfile> {
  const row = await readProfile(db, memberId);
  if (!row) throw new AppError("NOT_FOUND");
  if (row.profileId !== null) return toProfile(row);
  await ensureProfile(db, row, lang);
  const created = await readProfile(db, memberId);
  if (!created || created.profileId === null) throw new AppError("NOT_FOUND");
  return toProfile(created);
}

async function readProfile(db: Database, memberId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      emailVerified: users.emailVerified,
      createdAt: users.createdAt,
      image: users.image,
      profileId: profiles.id,
      username: profiles.username,
      fullName: profiles.fullName,
      avatarKey: profiles.avatarKey,
      location: profiles.location,
      phoneNumber: profiles.phoneNumber,
      phoneVerifiedAt: profiles.phoneVerifiedAt,
      phoneTakenAt: profiles.phoneTakenAt,
      preferredLanguage: profiles.preferredLanguage,
      hasPassword: sql<boolean>`exists (select 1 from ${accounts} a
        where a.user_id = ${users.id} and a.password is not null)`,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, memberId))
    .limit(1);
  return row;
}

function toProfile({
  profileId: _profileId,
  ...row
}: NonNullable<Awaited<ReturnType<typeof readProfile>>>): MemberProfile {
  return {
    ...row,
    username: row.username ?? null,
    avatarKey: row.avatarKey ?? null,
    location: row.location ?? null,
    phoneNumber: row.phoneNumber ?? null,
    phoneVerifiedAt: row.phoneVerifiedAt ?? null,
    phoneTakenAt: row.phoneTakenAt ?? null,
    preferredLanguage: row.preferredLanguage ?? "en",
    fullName: row.fullName || row.name,
    hasPassword: Boolean(row.hasPassword),
  };
}
