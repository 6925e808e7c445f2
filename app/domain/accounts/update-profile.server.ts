import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { cities } from "~/db/reference-data/regions";
import { profiles, users } from "~/db/schema";
import type { Lang } from "~/i18n/config";
import { encodeSmallImage } from "~/media/small-image.server";
import { AppError } from "~/utils/app-error";
import { cleanLine } from "~/utils/user-text";
import { AVATAR_MAX_BYTES, NAME_MAX, USERNAME_PATTERN } from "./accounts-limits";
import { cleanUsername } from "./accounts-schemas";
import { parsePhone } from "./phone";
import { ensureProfile } from "./session.server";

export const AVATAR_SIZE = 256;
const AVATAR_KEY = /^avatars\/[0-9a-f-]{36}\.webp$/;

export interface ProfileInput {
  fullName: string;
  username: string;
  location: string;
  phoneNumber: string;
}

interface UpdateProfileOptions {
  db: Database;
  memberId: string;
  input: ProfileInput;
  avatar?: { bytes: Uint8Array };
  /** $DATA_DIR; avatars live in its media/avatars folder, served at /media/avatars. */
  dataDir: string;
  lang?: Lang;
}

/**
 * Saves the profile form. Everything is checked before anything is written; a new avatar is
 * written to disk first and the rows change in one transaction, so a failure leaves neither a
 * half-saved profile nor a stray file. The old avatar file goes only once the new one is saved.
 */
export async function updateProfile(
  options: UpdateProfileOptions,
): Promise<{ image: string | null }> {
  const { db, memberId, dataDir } = options;
  const values = cleanProfileInput(options.input);

  const [user] = await db
    .select({ id: users.id, name: users.name, image: users.image })
    .from(users)
    .where(eq(users.id, memberId))
    .limit(1);
  if (!user) throw new AppError("NOT_FOUND");
  await ensureProfile(db, user, options.lang ?? "en");

  if (values.username) {
    const [owner] = await db
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(eq(profiles.username, values.username), ne(profiles.id, memberId)))
      .limit(1);
    if (owner) throw new AppError("USERNAME_TAKEN", { field: "username" });
  }

  const [current] = await db
    .select({ avatarKey: profiles.avatarKey })
    .from(profiles)
    .where(eq(profiles.id, memberId))
    .limit(1);
  const previousKey = current?.avatarKey ?? null;

  const newKey = options.avatar ? await storeAvatar(dataDir, options.avatar.bytes) : null;
  const image = newKey ? `/media/${newKey}` : user.image;
  const now = new Date();
  try {
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ name: values.fullName, image, updatedAt: now })
        .where(eq(users.id, memberId));
      await tx
        .update(profiles)
        .set({
          fullName: values.fullName,
          username: values.username,
          location: values.location,
          phoneNumber: values.phoneNumber,
          // A changed number is unverified until its owner confirms it by SMS again (decision 036).
          phoneVerifiedAt: sql`case when ${profiles.phoneNumber} is not distinct from ${values.phoneNumber}::text then ${profiles.phoneVerifiedAt} end`,
          ...(newKey ? { avatarKey: newKey } : {}),
          updatedAt: now,
        })
        .where(eq(profiles.id, memberId));
    });
  } catch (error) {
    if (newKey) await deleteAvatarFile({ dataDir, avatarKey: newKey });
    throw constraintError(error) ?? error;
  }

  if (newKey && previousKey && previousKey !== newKey) {
    await deleteAvatarFile({ dataDir, avatarKey: previousKey });
  }
  return { image };
}

/** Removes an avatar file this app wrote. Keys of any other shape are ignored, never followed. */
export async function deleteAvatarFile({
  dataDir,
  avatarKey,
}: {
  dataDir: string;
  avatarKey: string | null;
}) {
  if (!avatarKey || !AVATAR_KEY.test(avatarKey)) return;
  await fs.rm(path.join(dataDir, "media", avatarKey), { force: true }).catch(() => {});
}

/** Each failure names the form field it belongs to, so the form shows it there. */
function cleanProfileInput(input: ProfileInput) {
  const fullName = cleanLine(input.fullName);
  if (!fullName) throw new AppError("NAME_REQUIRED", { field: "fullName" });
  if ([...fullName].length > NAME_MAX) throw new AppError("NAME_TOO_LONG", { field: "fullName" });

  const username = cleanUsername(String(input.username ?? ""));
  if (username && !USERNAME_PATTERN.test(username))
    throw new AppError("USERNAME_INVALID", { field: "username" });

  const location = String(input.location ?? "").trim();
  if (location && !cities.some((city) => city.id === location))
    throw new AppError("LOCATION_INVALID", { field: "location" });

  const phoneInput = String(input.phoneNumber ?? "").trim();
  let phoneNumber: string | null = null;
  if (phoneInput) {
    const phone = parsePhone(phoneInput);
    if (!phone.ok) throw new AppError("PHONE_INVALID", { field: "phoneNumber" });
    phoneNumber = phone.e164;
  }

  return { fullName, username: username || null, location: location || null, phoneNumber };
}

/** Re-encodes the upload as a 256×256 WebP without metadata and writes it; returns its key. */
async function storeAvatar(dataDir: string, bytes: Uint8Array) {
  const webp = await encodeSmallImage(bytes, {
    field: "avatar",
    maxBytes: AVATAR_MAX_BYTES,
    size: AVATAR_SIZE,
    fit: "cover",
  });
  const key = `avatars/${randomUUID()}.webp`;
  const file = path.join(dataDir, "media", key);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, webp, { flag: "wx" });
  return key;
}

/** The race the early check cannot close: two members saving the same username at once. */
function constraintError(error: unknown): AppError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === "23505" && constraint === "profiles_username_key")
      return new AppError("USERNAME_TAKEN", { field: "username" });
    if (code === "23514" && constraint === "profiles_username_format")
      return new AppError("USERNAME_INVALID", { field: "username" });
    if (code === "23514" && constraint === "profiles_phone_e164")
      return new AppError("PHONE_INVALID", { field: "phoneNumber" });
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
