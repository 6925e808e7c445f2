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

/** How long a removed listing's photos still count as another member's (issue 30). */
export const STOLEN_PHOTO_REMOVED_DAYS = 180;

/** A stored listing photo that is one of the photos checked. */
export interface PhotoMatch {
  listingId: string;
  imageId: string;
  ownerId: string;
  status: string;
  /** Which of the checked photos it is (their index). */
  photo: number;
  /**
   * The member's own active listing (a repeat of their own ad); otherwise another member's
   * listing, active or removed within STOLEN_PHOTO_REMOVED_DAYS (copied photos).
   */
  mine: boolean;
}

/**
 * The stored photos that are one of `photos` (resized, recompressed, lightly cropped or
 * brightened) on the listings that matter to a post by `memberId`: their own active listings, and
 * other members' active listings or removed in the last STOLEN_PHOTO_REMOVED_DAYS — leaving out
 * `exceptListingId` (the listing being edited). One statement for both questions: the four band
 * indexes give the candidates — stored photos sharing a band, within one bit, with any crop probe
 * — and each candidate is then compared in full.
 */
export async function findPhotoMatches(
  db: Pick<Database, "execute">,
  photos: readonly (PhotoPrints | null | undefined)[],
  memberId: string,
  exceptListingId?: string,
): Promise<PhotoMatch[]> {
  const checked = photos.flatMap((prints, photo) => (prints ? [{ prints, photo }] : []));
  const statement = photoCandidates(photos, memberId, exceptListingId);
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
        mine: row.user_id === memberId,
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
  memberId: string,
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
  // One index-only scan per band (a union, not an OR the planner reads as a scan of the table):
  // each band index holds the hash and the photo's key too (migration 0022), so the thousands of
  // candidates at millions of photos are read without the table.
  const byBand = sql.join(
    bandValues.map(
      (values, band) =>
        sql`select id, photo_hash from listing_images
            where photo_hash is not null
              and ((photo_hash >> ${sql.raw(String(48 - band * 16))}) & 65535) = any(${`{${values.join(",")}}`}::bigint[])`,
    ),
    sql` union `,
  );
  // The Hamming distance checked in the database on the candidates (materialised): only photos
  // within SAME_PHOTO_BITS remain. Then each one's row and listing by their keys (lateral, fenced
  // with offset 0: never a scan of all photos or listings).
  return sql`with near as materialized (
        select id from (${byBand}) candidate
        where exists (select 1 from unnest(${hashes}::bigint[]) p
                      where bit_count((candidate.photo_hash # p)::bit(64)) <= ${SAME_PHOTO_BITS}))
      select i.id as image_id, i.listing_id, l.user_id, l.status, i.photo_hash, i.photo_colours
      from near c
      cross join lateral (select id, listing_id, photo_hash, photo_colours from listing_images
                          where id = c.id offset 0) i
      cross join lateral (select user_id, status, updated_at from listings
                          where id = i.listing_id offset 0) l
      where ((l.user_id = ${memberId} and l.status = 'active')
          or (l.user_id <> ${memberId} and (l.status = 'active' or (l.status = 'removed'
              and l.updated_at > now() - make_interval(days => ${STOLEN_PHOTO_REMOVED_DAYS})))))
        ${exceptListingId ? sql`and i.listing_id <> ${exceptListingId}` : sql``}`;
}
