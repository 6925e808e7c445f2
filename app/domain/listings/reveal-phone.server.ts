import crypto from "node:crypto";
import { and, eq, gt, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { listings, phoneReveals, profiles, users } from "~/db/schema";
import { lockCounts } from "~/domain/accounts/rate-limit.server";
import type { Member } from "~/domain/accounts/session.server";
import { countStat } from "~/domain/statistics/count-stats.server";
import { AppError } from "~/utils/app-error";
import { isPublicStatus } from "./listing-status";
import { isListingId } from "./listings-schemas";

/*
 * A seller's phone number is never in a listing page: a member asks for it, one listing at a
 * time, and every request is recorded. Limits stop a script that harvests numbers for spam while
 * leaving plenty for a person shopping around (a buyer calls a few sellers a day).
 */
export const PHONE_REVEALS_PER_HOUR = 10;
export const PHONE_REVEALS_PER_DAY = 30;
/** Per address: several members behind one carrier address (CGNAT) still fit. */
export const PHONE_REVEALS_PER_IP_PER_DAY = 100;

export type RevealChannel = "phone" | "whatsapp";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The seller's verified number (E.164) for `member`, or null when the seller has none: an
 * unverified number is never shown. The owner sees their own without limit or record. Refused to
 * visitors, to members who have proved neither an e-mail address nor a phone number (a
 * throwaway account costs nothing), and past the limits (RATE_LIMITED).
 */
export async function revealPhone({
  db,
  member,
  listingId,
  ip,
  channel = "phone",
  now = new Date(),
}: {
  db: Database;
  member: Pick<Member, "id" | "emailVerified"> | null;
  listingId: string;
  ip: string;
  /** Whether the member asked to call or to open WhatsApp: the seller's statistics tell them apart. */
  channel?: RevealChannel;
  now?: Date;
}): Promise<string | null> {
  if (!member) throw new AppError("AUTH_REQUIRED");
  if (!isListingId(listingId)) throw new AppError("INVALID_LISTING_ID");
  const id = listingId.toLowerCase();
  const [row] = await db
    .select({
      userId: listings.userId,
      status: listings.status,
      // Only a number the seller proved by SMS is ever shown to anyone but them (decision 036).
      phone: profiles.phoneNumber,
      phoneVerified: sql<boolean>`${profiles.phoneVerifiedAt} is not null`,
      suspendedAt: users.suspendedAt,
      // The asker's own proof, in the same statement: a verified phone counts as a confirmed
      // e-mail here.
      askerPhoneVerified: sql<boolean>`exists (select 1 from ${profiles} asker
        where asker.id = ${member.id} and asker.phone_verified_at is not null)`,
    })
    .from(listings)
    .leftJoin(profiles, eq(profiles.id, listings.userId))
    .innerJoin(users, eq(users.id, listings.userId))
    .where(eq(listings.id, id))
    .limit(1);
  if (!row) throw new AppError("LISTING_NOT_FOUND");
  if (row.userId === member.id) return row.phone ?? null;
  // Only a listing on the market: not hidden, removed or expired.
  if (!isPublicStatus(row.status) || row.suspendedAt) {
    throw new AppError("LISTING_NOT_FOUND");
  }
  if (!member.emailVerified && row.askerPhoneVerified !== true) {
    throw new AppError("PHONE_REVEAL_UNCONFIRMED");
  }
  if (!row.phone || row.phoneVerified !== true) return null;

  const ipHash = crypto.createHash("sha256").update(ip).digest("base64url").slice(0, 32);
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  const dayAgo = new Date(now.getTime() - DAY_MS);
  // Counted and recorded under the member's and the network's lock: forty reveals sent at once
  // take turns, and exactly the limit of them get a number.
  await db.transaction(async (tx) => {
    await lockCounts(tx, { member: member.id, network: ip });
    const [counts] = await tx
      .select({
        memberHour:
          sql<number>`count(*) filter (where ${phoneReveals.memberId} = ${member.id} and ${phoneReveals.createdAt} > ${hourAgo})`.mapWith(
            Number,
          ),
        memberDay:
          sql<number>`count(*) filter (where ${phoneReveals.memberId} = ${member.id})`.mapWith(
            Number,
          ),
        ipDay: sql<number>`count(*) filter (where ${phoneReveals.ipHash} = ${ipHash})`.mapWith(
          Number,
        ),
      })
      .from(phoneReveals)
      .where(
        and(
          gt(phoneReveals.createdAt, dayAgo),
          or(eq(phoneReveals.memberId, member.id), eq(phoneReveals.ipHash, ipHash)),
        ),
      );
    const limited =
      (counts?.memberHour ?? 0) >= PHONE_REVEALS_PER_HOUR
        ? HOUR_MS
        : (counts?.memberDay ?? 0) >= PHONE_REVEALS_PER_DAY ||
            (counts?.ipDay ?? 0) >= PHONE_REVEALS_PER_IP_PER_DAY
          ? DAY_MS
          : 0;
    if (limited) throw new AppError("RATE_LIMITED", { seconds: limited / 1000 });
    // Counted in the seller's statistics once per member, listing and channel a day.
    const [earlier] = await tx
      .select({ id: phoneReveals.id })
      .from(phoneReveals)
      .where(
        and(
          eq(phoneReveals.memberId, member.id),
          eq(phoneReveals.listingId, id),
          eq(phoneReveals.channel, channel),
          gt(phoneReveals.createdAt, dayAgo),
        ),
      )
      .limit(1);
    if (!earlier) {
      await countStat(tx, {
        listingId: id,
        kind: channel === "whatsapp" ? "whatsappTaps" : "phoneReveals",
        now,
      });
    }
    await tx
      .insert(phoneReveals)
      .values({ memberId: member.id, listingId: id, ipHash, channel, createdAt: now });
  });
  return row.phone;
}
