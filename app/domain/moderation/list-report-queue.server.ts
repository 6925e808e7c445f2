import { and, asc, count, desc, eq, inArray, min, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "~/db/client.server";
import { listings, profiles, reports, users } from "~/db/schema";
import type { ListingStatus } from "~/domain/listings/listing-status";
import type { ReportReason } from "./moderation-schemas";
import { type Actor, assertModerator } from "./moderator.server";

export const QUEUE_LIMIT = 50;

type Variants = { width: number; height: number; key: string }[];

/**
 * A listing's primary image's variants (or its first image's), as a subquery on its id column:
 * the picture the moderation queues show. Read it back with variantsOf.
 */
export function primaryVariants(listingId: AnyPgColumn) {
  return sql<Variants | string | null>`(
    select i.variants from listing_images i where i.listing_id = ${listingId}
    order by i.is_primary desc, i.sort_order asc, i.id asc limit 1)`;
}

/** The variants primaryVariants read (a driver may hand jsonb back as text), or null. */
export function variantsOf(value: Variants | string | null): Variants | null {
  const image = typeof value === "string" ? JSON.parse(value) : value;
  return Array.isArray(image) && image.length > 0 ? image : null;
}

export interface QueueItem {
  listing: {
    id: string;
    title: string;
    titleAr: string;
    description: string;
    descriptionAr: string;
    price: number;
    status: ListingStatus;
    removalReason: string | null;
    /** The primary image's variants (smallest first), or null. */
    image: { width: number; height: number; key: string }[] | null;
  };
  owner: {
    id: string;
    name: string;
    email: string;
    role: "member" | "moderator";
    suspended: boolean;
  };
  reportCount: number;
  firstReportedAt: Date;
  reports: {
    id: string;
    reason: ReportReason;
    details: string;
    reporterName: string | null;
    createdAt: Date;
  }[];
}

/**
 * The open reports, grouped by listing: the most reported first, then the longest waiting. Two
 * queries: the listings with their counts, then their reports.
 */
export async function listReportQueue({
  db,
  actor,
  limit = QUEUE_LIMIT,
}: {
  db: Database;
  actor: Actor;
  limit?: number;
}): Promise<QueueItem[]> {
  await assertModerator(db, actor);
  const reportCount = count(reports.id);
  const firstReportedAt = min(reports.createdAt);
  const rows = await db
    .select({
      id: listings.id,
      title: listings.title,
      titleAr: listings.titleAr,
      description: listings.description,
      descriptionAr: listings.descriptionAr,
      price: listings.price,
      status: listings.status,
      removalReason: listings.removalReason,
      image: primaryVariants(listings.id),
      ownerId: users.id,
      ownerName: sql<string>`coalesce(nullif(trim(${profiles.fullName}), ''), ${users.name})`,
      ownerEmail: users.email,
      ownerRole: users.role,
      ownerSuspendedAt: users.suspendedAt,
      reportCount,
      firstReportedAt,
    })
    .from(reports)
    .innerJoin(listings, eq(listings.id, reports.listingId))
    .innerJoin(users, eq(users.id, listings.userId))
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(reports.status, "open"))
    .groupBy(listings.id, users.id, profiles.id)
    .orderBy(desc(reportCount), asc(firstReportedAt), asc(listings.id))
    .limit(limit);
  if (rows.length === 0) return [];

  const reportRows = await db
    .select({
      id: reports.id,
      listingId: reports.listingId,
      reason: reports.reason,
      details: reports.details,
      reporterName: sql<
        string | null
      >`coalesce(nullif(trim(${profiles.fullName}), ''), ${users.name})`,
      createdAt: reports.createdAt,
    })
    .from(reports)
    .leftJoin(users, eq(users.id, reports.reporterId))
    .leftJoin(profiles, eq(profiles.id, reports.reporterId))
    .where(
      and(
        eq(reports.status, "open"),
        inArray(
          reports.listingId,
          rows.map((row) => row.id),
        ),
      ),
    )
    .orderBy(asc(reports.createdAt), asc(reports.id));

  return rows.map((row) => {
    return {
      listing: {
        id: row.id,
        title: row.title || row.titleAr,
        titleAr: row.titleAr || row.title,
        description: row.description || row.descriptionAr,
        descriptionAr: row.descriptionAr || row.description,
        price: row.price,
        status: row.status,
        removalReason: row.removalReason,
        image: variantsOf(row.image),
      },
      owner: {
        id: row.ownerId,
        name: row.ownerName,
        email: row.ownerEmail,
        role: row.ownerRole,
        suspended: Boolean(row.ownerSuspendedAt),
      },
      reportCount: Number(row.reportCount),
      firstReportedAt: new Date(row.firstReportedAt ?? 0),
      reports: reportRows
        .filter((report) => report.listingId === row.id)
        .map(({ listingId: _listingId, ...report }) => report),
    };
  });
}
