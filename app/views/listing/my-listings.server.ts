import { nextBumpAt } from "~/domain/listings/bump-listing.server";
import type { MyListing } from "~/domain/listings/list-my-listings.server";
import { REMINDER_DAYS } from "~/domain/listings/listing-expiry.server";
import { isPublicStatus } from "~/domain/listings/listing-status";
import type { Lang } from "~/i18n/config";
import { formatDate, formatNumber, formatPrice } from "~/i18n/format";
import { serverT } from "~/i18n/i18n.server";
import { localized } from "~/i18n/localized";
import { SYRIA_TIME_ZONE } from "~/utils/syria-time";
import { removalReasonText } from "~/views/common/removal-reason.server";

const DAY_MS = 24 * 60 * 60 * 1000;

/** A row of the My Listings table, formatted on the server in the page's language. */
export interface MyListingRow {
  id: string;
  title: string;
  price: string;
  /** The spec's badge: active (or reserved), sold, expired, anything else "Inactive". */
  status: "active" | "reserved" | "sold" | "inactive" | "expired";
  /** Offered once it has expired, or from the reminder on; `leavesSearch` says when. */
  renewable: boolean;
  leavesSearch: string | null;
  removed: boolean;
  /** Why a moderator (or the system) removed it, in the page's language; null otherwise. */
  removalReason: string | null;
  rawStatus: MyListing["status"];
  views: string;
  viewsCount: number;
  favorites: string;
  favoritesCount: number;
  posted: string;
  /** Its free bump to the top is due (issue 32): the Bump button shows. */
  bumpable: boolean;
  /** When it is not yet: "Free bump again on …"; null when it cannot be bumped at all. */
  nextBump: string | null;
}

export function toMyListingRows(lang: Lang, rows: MyListing[], now = new Date()): MyListingRow[] {
  const t = serverT(lang, "listings");
  return rows.map((row) => {
    const expiringSoon =
      row.status === "active" && row.expiresAt.getTime() - now.getTime() <= REMINDER_DAYS * DAY_MS;
    return {
      id: row.id,
      title: localized(lang, row, "title"),
      price: formatPrice(lang, row.price),
      status:
        row.status === "active" && row.reserved
          ? "reserved"
          : isPublicStatus(row.status) || row.status === "expired"
            ? row.status
            : "inactive",
      renewable: row.status === "expired" || expiringSoon,
      leavesSearch: expiringSoon
        ? t("mine.leavesSearch", { date: formatDate(lang, row.expiresAt) })
        : null,
      removed: row.status === "removed",
      removalReason: row.status === "removed" ? removalReasonText(lang, row.removalReason) : null,
      rawStatus: row.status,
      views: formatNumber(lang, row.viewsCount),
      viewsCount: row.viewsCount,
      favorites: formatNumber(lang, row.favoritesCount),
      favoritesCount: row.favoritesCount,
      posted: formatDate(lang, row.createdAt, { year: "numeric", month: "short", day: "numeric" }),
      ...bumpOf(lang, row, now),
    };
  });
}

/** Whether the row's free bump is due, and if not, when it will be. */
function bumpOf(lang: Lang, row: MyListing, now: Date) {
  if (row.status !== "active" || row.reserved) return { bumpable: false, nextBump: null };
  const next = nextBumpAt(row);
  if (next.getTime() <= now.getTime()) return { bumpable: true, nextBump: null };
  return {
    bumpable: false,
    nextBump: serverT(lang, "listings")("mine.nextBump", {
      date: formatDate(lang, next, { month: "short", day: "numeric", timeZone: SYRIA_TIME_ZONE }),
    }),
  };
}

/** The page the My Listings actions return to: /my-listings or the profile's tab, nothing else. */
export function myListingsReturnTo(value: FormDataEntryValue | null) {
  return value === "/profile" ? "/profile" : "/my-listings";
}
