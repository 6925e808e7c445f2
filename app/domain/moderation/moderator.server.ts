import { and, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { listings, moderationActions, reports, users } from "~/db/schema";
import type { Member } from "~/domain/accounts/session.server";
import { isListingId } from "~/domain/listings/listings-schemas";
import { AppError } from "~/utils/app-error";
import { type ModerationAction, moderationReason } from "./moderation-schemas";

export type Actor = Pick<Member, "id" | "role"> | null;
type Tx = Pick<Database, "select" | "insert">;

/** What a moderator's decision is given: who decides, about what, and the reason as typed. */
export type Decision<Target> = { db: Database; actor: Actor; reason: unknown } & Target;
export type ListingDecision = Decision<{ listingId: string }>;

/**
 * Moderation exists only for moderators: anyone else — a visitor, a member, a suspended
 * moderator — gets NOT_FOUND, so the pages and actions do not even admit they are there. The role
 * is read again from the database, not trusted from the caller.
 */
export async function assertModerator(db: Tx, actor: Actor): Promise<{ id: string }> {
  if (actor?.role !== "moderator") throw new AppError("NOT_FOUND");
  const [row] = await db
    .select({ role: users.role, suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(users.id, actor.id))
    .limit(1);
  if (row?.role !== "moderator" || row.suspendedAt) throw new AppError("NOT_FOUND");
  return { id: actor.id };
}

/**
 * A moderator's decision, made in one transaction: the moderator is checked in it (assertModerator)
 * and the reason cleaned (parseModerationReason) before `make` changes anything.
 */
export function decide<T>(
  db: Database,
  actor: Actor,
  rawReason: unknown,
  make: (tx: Database, moderator: { id: string }, reason: string) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const moderator = await assertModerator(tx, actor);
    const reason = parseModerationReason(rawReason);
    return make(tx, moderator, reason);
  });
}

/** A moderator's reason, cleaned (moderation-schemas' moderationReason), or what to fix in it. */
export function parseModerationReason(value: unknown): string {
  const parsed = moderationReason.safeParse(value);
  if (parsed.success) return parsed.data;
  const tooLong = parsed.error.issues.some(
    (issue) => issue.message === "MODERATION_REASON_TOO_LONG",
  );
  throw new AppError(tooLong ? "MODERATION_REASON_TOO_LONG" : "MODERATION_REASON_REQUIRED", {
    field: "reason",
  });
}

/** One row of the audit log: who (null for the system), what, on which listing or member, why. */
export async function recordAction(
  db: Tx,
  entry: {
    moderatorId: string | null;
    action: ModerationAction;
    listingId?: string | null;
    targetUserId?: string | null;
    reason: string;
    details?: Record<string, unknown>;
  },
) {
  await db.insert(moderationActions).values({
    moderatorId: entry.moderatorId,
    action: entry.action,
    listingId: entry.listingId ?? null,
    targetUserId: entry.targetUserId ?? null,
    reason: entry.reason,
    details: entry.details ?? null,
  });
}

/** The listing a decision is about, locked for the rest of the transaction. */
export async function lockListing(db: Pick<Database, "select">, listingId: string) {
  if (!isListingId(listingId)) throw new AppError("INVALID_LISTING_ID");
  const [listing] = await db
    .select({
      id: listings.id,
      userId: listings.userId,
      status: listings.status,
      removalReason: listings.removalReason,
      statusBeforeRemoval: listings.statusBeforeRemoval,
    })
    .from(listings)
    .where(eq(listings.id, listingId.toLowerCase()))
    .limit(1)
    .for("update");
  if (!listing) throw new AppError("LISTING_NOT_FOUND");
  return listing;
}

/** Closes the listing's open reports as `status`, by this moderator, now. Returns how many. */
export async function resolveOpenReports(
  db: Pick<Database, "update">,
  listingId: string,
  status: "dismissed" | "actioned",
  moderatorId: string,
) {
  const closed = await db
    .update(reports)
    .set({ status, resolvedBy: moderatorId, resolvedAt: sql`now()` })
    .where(and(eq(reports.listingId, listingId), eq(reports.status, "open")))
    .returning({ id: reports.id });
  return closed.length;
}
