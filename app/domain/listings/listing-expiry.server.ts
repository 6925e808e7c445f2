import { and, eq, inArray, sql } from "drizzle-orm";
import { type Database, selectRows } from "~/db/client.server";
import { listings, profiles, users } from "~/db/schema";
import type { Member } from "~/domain/accounts/session.server";
import type { Lang } from "~/i18n/config";
import type { JobSender } from "~/jobs/job-types";
import { queueMail } from "~/mail/queue-mail.server";
import { AppError } from "~/utils/app-error";
import type { LinkSigner } from "~/utils/signed-link.server";
import { isListingId } from "./listings-schemas";
import { findOwnedListing } from "./owned-listing.server";

/*
 * A listing's life (decision 020): an active listing leaves search LISTING_TTL_DAYS after it was
 * posted or renewed. Its owner is e-mailed REMINDER_DAYS before with a link that renews it without
 * signing in, and can renew it from My listings at any time; renewing keeps its id, and with it
 * its favourites, conversations and views. Expiry is a status, set by the hourly sweep, so search,
 * counts and the sitemap (which read `status = 'active'` and their indexes) are unchanged.
 */

export const REMINDER_DAYS = 3;
/** Reminders claimed per round; the next hour takes the rest. */
const REMINDER_BATCH = 500;
const RENEW_PURPOSE = "renew-listing";

/** The statuses an owner may renew: an expired listing, or an active one before it expires. */
const RENEWABLE = ["active", "expired"] as const;

/**
 * Makes every active listing past its date `expired`. Returns how many. A reservation ends with
 * it: renewed, the listing comes back available.
 */
export async function expireListings(db: Database): Promise<number> {
  const expired = await db
    .update(listings)
    .set({ status: "expired", reservedAt: null, updatedAt: sql`now()` })
    .where(and(eq(listings.status, "active"), sql`${listings.expiresAt} <= now()`))
    .returning({ id: listings.id });
  return expired.length;
}

/**
 * The signature of a listing's renewal link. It covers the expiry date the e-mail announced, so
 * the link works once: renewing (or any change of that date) makes it stale.
 */
function renewalPayload(listing: { id: string; expiresAt: Date }) {
  return `${listing.id}:${listing.expiresAt.getTime()}`;
}

export function renewalLink(
  publicUrl: string,
  signer: LinkSigner,
  listing: { id: string; expiresAt: Date },
) {
  const token = signer.sign(RENEW_PURPOSE, renewalPayload(listing));
  return `${publicUrl.replace(/\/+$/, "")}/renew/${listing.id}?token=${token}`;
}

/**
 * Queues an e-mail to each owner whose active listing expires within REMINDER_DAYS, once per
 * expiry date. Each listing is claimed (marked reminded) in the same statement that finds it, so
 * instances sweeping together never remind twice, and the mail job is keyed by listing and expiry
 * date, so a sweep repeated after a crash queues nothing new. The queue retries a mail the SMTP
 * server refuses; only a reminder the queue itself could not take (the database failing) is
 * released for the next round. Members who are suspended get none (their listings are held).
 */
export async function sendExpiryReminders({
  db,
  jobs,
  signer,
  publicUrl,
  onFailure,
}: {
  db: Database;
  jobs: JobSender;
  signer: LinkSigner;
  publicUrl: string;
  onFailure?: (error: unknown, listingId: string) => void;
}): Promise<{ queued: number; failed: number }> {
  const rows = await selectRows<{ id: string }>(
    db,
    sql`
    update ${listings} set expiry_reminded_at = now()
    where id in (
      select l.id from ${listings} l
      join ${users} u on u.id = l.user_id
      where l.status = 'active' and l.expiry_reminded_at is null
        and l.expires_at <= now() + make_interval(days => ${REMINDER_DAYS})
        and u.suspended_at is null
      order by l.expires_at
      limit ${REMINDER_BATCH}
      for update of l skip locked)
    returning id`,
  );
  if (rows.length === 0) return { queued: 0, failed: 0 };

  const owners = await db
    .select({
      id: listings.id,
      title: listings.title,
      titleAr: listings.titleAr,
      expiresAt: listings.expiresAt,
      email: users.email,
      name: users.name,
      fullName: profiles.fullName,
      lang: profiles.preferredLanguage,
    })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.userId))
    .leftJoin(profiles, eq(profiles.id, listings.userId))
    .where(
      inArray(
        listings.id,
        rows.map((row) => row.id),
      ),
    );

  let queued = 0;
  let failed = 0;
  for (const owner of owners) {
    const lang: Lang = owner.lang ?? "en";
    try {
      await queueMail(jobs, {
        to: owner.email,
        lang,
        key: `${owner.id}:${owner.expiresAt.toISOString()}`,
        template: {
          kind: "listing-expiring",
          name: owner.fullName?.trim() || owner.name.trim() || owner.email,
          // The title in the owner's language when they wrote one, else the other.
          title:
            (lang === "ar" ? owner.titleAr || owner.title : owner.title || owner.titleAr) ?? "",
          expiresAt: owner.expiresAt,
          url: renewalLink(publicUrl, signer, owner),
        },
      });
      queued++;
    } catch (error) {
      failed++;
      onFailure?.(error, owner.id);
      // Released for the next round, unless the listing was renewed meanwhile.
      await db
        .update(listings)
        .set({ expiryRemindedAt: null })
        .where(and(eq(listings.id, owner.id), sameExpiry(owner.expiresAt)));
    }
  }
  return { queued, failed };
}

/** The row still has the expiry date read earlier (JavaScript dates keep milliseconds only). */
function sameExpiry(expiresAt: Date) {
  return sql`date_trunc('milliseconds', ${listings.expiresAt}) = ${expiresAt.toISOString()}::timestamptz`;
}

/** A new term: LISTING_TTL_DAYS from now, and a reminder again before it ends. */
export function newTerm(ttlDays: number) {
  return {
    expiresAt: sql`now() + make_interval(days => ${ttlDays})`,
    expiryRemindedAt: null,
  };
}

/** Back in search for a new term. */
function renewal(ttlDays: number) {
  return { status: "active" as const, updatedAt: sql`now()`, ...newTerm(ttlDays) };
}

/** The owner renews their listing (My listings, the listing page). Same id, favourites, views. */
export async function renewListing({
  db,
  member,
  listingId,
  ttlDays,
}: {
  db: Database;
  member: Pick<Member, "id">;
  listingId: string;
  ttlDays: number;
}): Promise<{ expiresAt: Date }> {
  const listing = await findOwnedListing(db, member, listingId);
  if (listing.status === "removed") throw new AppError("LISTING_REMOVED");
  const [renewed] = await db
    .update(listings)
    .set(renewal(ttlDays))
    .where(
      and(
        eq(listings.id, listing.id),
        eq(listings.userId, member.id),
        // A moderator may have removed it, or the owner sold it, a moment ago.
        inArray(listings.status, [...RENEWABLE]),
      ),
    )
    .returning({ expiresAt: listings.expiresAt });
  if (!renewed) throw new AppError("LISTING_NOT_RENEWABLE");
  return renewed;
}

export interface RenewalOffer {
  id: string;
  title: string;
  titleAr: string;
  status: "active" | "expired";
  expiresAt: Date;
}

/**
 * What a renewal link offers, or null when it is not (or no longer) valid: a tampered or stale
 * signature, an unknown listing, or one that is sold, hidden or removed since the e-mail.
 */
export async function findRenewalOffer({
  db,
  signer,
  listingId,
  token,
}: {
  db: Database;
  signer: LinkSigner;
  listingId: string;
  token: unknown;
}): Promise<RenewalOffer | null> {
  if (!isListingId(listingId) || typeof token !== "string") return null;
  const [listing] = await db
    .select({
      id: listings.id,
      title: listings.title,
      titleAr: listings.titleAr,
      status: listings.status,
      expiresAt: listings.expiresAt,
    })
    .from(listings)
    .where(eq(listings.id, listingId.toLowerCase()))
    .limit(1);
  if (!listing || !signer.verify(RENEW_PURPOSE, renewalPayload(listing), token)) return null;
  if (listing.status !== "active" && listing.status !== "expired") return null;
  return { ...listing, status: listing.status };
}

/**
 * Renews through the e-mail's link, signed in or not: the signature stands for the owner. The
 * update repeats the offer's expiry date, so two clicks (or a mail scanner and a click) renew once.
 */
export async function renewWithLink({
  db,
  signer,
  listingId,
  token,
  ttlDays,
}: {
  db: Database;
  signer: LinkSigner;
  listingId: string;
  token: unknown;
  ttlDays: number;
}): Promise<{ id: string; expiresAt: Date }> {
  const offer = await findRenewalOffer({ db, signer, listingId, token });
  if (!offer) throw new AppError("INVALID_RENEW_LINK");
  const [renewed] = await db
    .update(listings)
    .set(renewal(ttlDays))
    .where(
      and(
        eq(listings.id, offer.id),
        sameExpiry(offer.expiresAt),
        inArray(listings.status, [...RENEWABLE]),
      ),
    )
    .returning({ id: listings.id, expiresAt: listings.expiresAt });
  if (!renewed) throw new AppError("INVALID_RENEW_LINK");
  return renewed;
}
