import { type SQL, sql } from "drizzle-orm";
import { type Database, selectRows } from "~/db/client.server";
import {
  bandProbes,
  fingerprintFromColumns,
  type PhotoPrints,
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
  if (checked.length === 0) return [];
  const bands = bandProbes(checked.flatMap(({ prints }) => prints.probes.map((p) => p.hash)));
  const anyBand = sql.join(
    bands.map(
      (values, band) =>
        sql`((i.photo_hash >> ${sql.raw(String(48 - band * 16))}) & 65535) = any(${`{${values.join(",")}}`}::bigint[])`,
    ),
    sql` or `,
  );
  const rows = await selectRows<{
    image_id: string;
    listing_id: string;
    user_id: string;
    status: string;
    photo_hash: string | bigint;
    photo_colours: string;
  }>(
    db,
    sql`select i.id as image_id, i.listing_id, l.user_id, l.status, i.photo_hash, i.photo_colours
        from listing_images i join listings l on l.id = i.listing_id
        where i.photo_hash is not null and (${anyBand}) and ${scopeCondition(scope)}
          ${exceptListingId ? sql`and l.id <> ${exceptListingId}` : sql``}`,
  );
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

function scopeCondition(scope: PhotoScope): SQL {
  if (scope.kind === "own") return sql`l.user_id = ${scope.memberId} and l.status = 'active'`;
  return sql`l.user_id <> ${scope.memberId} and (l.status = 'active' or (l.status = 'removed'
    and l.updated_at > now() - make_interval(days => ${scope.removedWithinDays})))`;
}
