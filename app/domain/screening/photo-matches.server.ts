import { type SQL, sql } from "drizzle-orm";
import { type Database, selectRows } from "~/db/client.server";
import {
  bandProbes,
  bandsOf,
  fingerprintFromColumns,
  type PhotoPrints,
  SAME_PHOTO_BITS,
  samePhoto,
} from "~/media/photo-fingerprint.server";

/** A stored listing photo that is one of the photos checked. */
export interface PhotoMatch {
  listingId: string;
  imageId: string;
  ownerId: string;
  status: string;
  /** Which of the checked photos it is (their index). */
  photo: number;
}

/** Whose listings to look among. */
export type PhotoScope =
  /** The member's own active listings (a repeat of their own ad). */
  | { kind: "own"; memberId: string }
  /** Other members' active listings, or removed in the last `removedWithinDays` days. */
  | { kind: "others"; memberId: string; removedWithinDays: number };

/**
 * The stored photos that are one of `photos` (resized, recompressed, lightly cropped or
 * brightened), among the listings of `scope`, leaving out `exceptListingId` (the listing being
 * edited). One statement: the four band indexes give the candidates — stored photos sharing a
 * band, within one bit, with any crop probe — and each candidate is then compared in full.
 */
export async function findPhotoMatches(
  db: Pick<Database, "execute">,
  photos: readonly (PhotoPrints | null | undefined)[],
  scope: PhotoScope,
  exceptListingId?: string,
): Promise<PhotoMatch[]> {
  const checked = photos.flatMap((prints, photo) => (prints ? [{ prints, photo }] : []));
  const statement = photoCandidates(photos, scope, exceptListingId);
  if (!statement) return [];
  const rows = await selectRows<{
    image_id: string;
    listing_id: string;
    user_id: string;
    status: string;
    photo_hash: string | bigint;
    photo_colours: string;
  }>(db, statement);
  const matches: PhotoMatch[] = [];
  for (const row of rows) {
    const stored = fingerprintFromColumns({
      photoHash: row.photo_hash,
      photoColours: row.photo_colours,
    });
    if (!stored) continue;
    const same = checked.find(({ prints }) => samePhoto(stored, prints.probes));
    if (same) {
      matches.push({
        listingId: row.listing_id,
        imageId: row.image_id,
        ownerId: row.user_id,
        status: row.status,
        photo: same.photo,
      });
    }
  }
  return matches;
}

/**
 * The statement that reads the candidates of findPhotoMatches (exported for bench/screening.ts's
 * plans): null when no photo has a fingerprint.
 */
export function photoCandidates(
  photos: readonly (PhotoPrints | null | undefined)[],
  scope: PhotoScope,
  exceptListingId?: string,
): SQL | null {
  const prints = photos.filter((p): p is PhotoPrints => Boolean(p));
  if (prints.length === 0) return null;
  // The whole photo (its first probe) within one bit per band: resized, recompressed or
  // brightened copies. The crop windows exactly: the window that lines up with a crop is close.
  const near = bandProbes(prints.map((p) => p.own.hash));
  const exact = prints.flatMap((p) => p.probes.slice(1).map((probe) => bandsOf(probe.hash)));
  const bandValues = near.map((values, band) => [
    ...new Set([...values, ...exact.map((bands) => bands[band] ?? 0)]),
  ]);
  const hashes = `{${[...new Set(prints.flatMap((p) => p.probes.map((probe) => probe.hash)))].join(",")}}`;
  // One index scan per band (a union, not an OR the planner reads as a scan of the table), and the
  // Hamming distance checked in the database: only photos within SAME_PHOTO_BITS come back.
  const byBand = sql.join(
    bandValues.map(
      (values, band) =>
        sql`select id, listing_id, photo_hash, photo_colours from listing_images
            where photo_hash is not null
              and ((photo_hash >> ${sql.raw(String(48 - band * 16))}) & 65535) = any(${`{${values.join(",")}}`}::bigint[])`,
    ),
    sql` union `,
  );
  // The near photos first (materialised: the Hamming check on the few candidates), then each
  // one's listing by its key (lateral, fenced with offset 0: never a scan of all listings).
  return sql`with near as materialized (
        select * from (${byBand}) candidate
        where exists (select 1 from unnest(${hashes}::bigint[]) p
                      where bit_count((candidate.photo_hash # p)::bit(64)) <= ${SAME_PHOTO_BITS}))
      select c.id as image_id, c.listing_id, l.user_id, l.status, c.photo_hash, c.photo_colours
      from near c
      cross join lateral (select user_id, status, updated_at from listings
                          where id = c.listing_id offset 0) l
      where ${scopeCondition(scope)}
        ${exceptListingId ? sql`and c.listing_id <> ${exceptListingId}` : sql``}`;
}

function scopeCondition(scope: PhotoScope): SQL {
  if (scope.kind === "own") return sql`l.user_id = ${scope.memberId} and l.status = 'active'`;
  return sql`l.user_id <> ${scope.memberId} and (l.status = 'active' or (l.status = 'removed'
    and l.updated_at > now() - make_interval(days => ${scope.removedWithinDays})))`;
}
