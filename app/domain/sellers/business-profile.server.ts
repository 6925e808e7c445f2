import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { businessProfiles } from "~/db/schema";
import type { Member } from "~/domain/accounts/session.server";
import { encodeSmallImage } from "~/media/small-image.server";
import type { MediaStorage } from "~/media/storage.server";
import { AppError } from "~/utils/app-error";
import {
  BUSINESS_LOGO_MAX_BYTES,
  type BusinessInput,
  businessSchema,
  cleanWebsite,
} from "./business-schemas";

/** A logo's side in pixels: sharp on a retina phone at the seller page's 96 px. */
export const LOGO_SIZE = 256;
const LOGO_KEY = /^logos\/[0-9a-f-]{36}\.webp$/;

export interface BusinessProfile {
  name: string;
  logoKey: string | null;
  address: string;
  hours: string;
  description: string;
  website: string | null;
}

/** The member's business page as saved, or null when their seller page is a person's. */
export async function getBusinessProfile({
  db,
  member,
}: {
  db: Database;
  member: Pick<Member, "id"> | null;
}): Promise<BusinessProfile | null> {
  if (!member) throw new AppError("AUTH_REQUIRED");
  const [row] = await db
    .select({
      name: businessProfiles.name,
      logoKey: businessProfiles.logoKey,
      address: businessProfiles.address,
      hours: businessProfiles.hours,
      description: businessProfiles.description,
      website: businessProfiles.website,
    })
    .from(businessProfiles)
    .where(eq(businessProfiles.memberId, member.id));
  return row ?? null;
}

/**
 * Makes the member's seller page a business page, or saves its changes (issue 32). Everything is
 * checked before anything is written: the fields by the same schema as the form, the logo's bytes
 * re-encoded on the server. A new logo is stored first and the old one deleted once the row
 * points at the new one; a failed save deletes the new one. `removeLogo` takes the logo away.
 */
export async function saveBusinessProfile({
  db,
  storage,
  member,
  input,
  logo,
  removeLogo = false,
}: {
  db: Database;
  storage: Pick<MediaStorage, "put" | "delete">;
  member: Pick<Member, "id"> | null;
  input: BusinessInput;
  logo?: { bytes: Uint8Array };
  removeLogo?: boolean;
}): Promise<BusinessProfile> {
  if (!member) throw new AppError("AUTH_REQUIRED");
  const parsed = businessSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError((issue?.message ?? "INVALID_REQUEST") as AppError["code"], {
      field: String(issue?.path[0] ?? ""),
    });
  }
  const values = parsed.data;
  let newKey: string | null = null;
  if (logo && logo.bytes.byteLength > 0) {
    const webp = await encodeSmallImage(logo.bytes, {
      field: "logo",
      maxBytes: BUSINESS_LOGO_MAX_BYTES,
      size: LOGO_SIZE,
      fit: "contain",
    });
    newKey = `logos/${randomUUID()}.webp`;
    await storage.put(newKey, webp);
  }
  const row = {
    name: values.name,
    address: values.address,
    hours: values.hours,
    description: values.description,
    website: cleanWebsite(values.website),
  };
  let previous: string | null = null;
  let saved: BusinessProfile;
  try {
    saved = await db.transaction(async (tx) => {
      const [before] = await tx
        .select({ logoKey: businessProfiles.logoKey })
        .from(businessProfiles)
        .where(eq(businessProfiles.memberId, member.id))
        .for("update");
      previous = before?.logoKey ?? null;
      const logoKey = newKey ?? (removeLogo ? null : previous);
      await tx
        .insert(businessProfiles)
        .values({ memberId: member.id, ...row, logoKey })
        .onConflictDoUpdate({
          target: businessProfiles.memberId,
          set: { ...row, logoKey, updatedAt: sql`now()` },
        });
      return { ...row, logoKey };
    });
  } catch (error) {
    if (newKey) await storage.delete([newKey]).catch(() => {});
    throw error;
  }
  const replaced: string | null = previous;
  if (replaced && replaced !== saved.logoKey && LOGO_KEY.test(replaced)) {
    await storage.delete([replaced]).catch(() => {});
  }
  return saved;
}

/** Makes the member's seller page a person's again: the business row and its logo go. */
export async function removeBusinessProfile({
  db,
  storage,
  member,
}: {
  db: Database;
  storage: Pick<MediaStorage, "delete">;
  member: Pick<Member, "id"> | null;
}): Promise<{ removed: boolean }> {
  if (!member) throw new AppError("AUTH_REQUIRED");
  const deleted = await db
    .delete(businessProfiles)
    .where(eq(businessProfiles.memberId, member.id))
    .returning({ logoKey: businessProfiles.logoKey });
  const key = deleted[0]?.logoKey;
  if (key && LOGO_KEY.test(key)) await storage.delete([key]).catch(() => {});
  return { removed: deleted.length > 0 };
}
