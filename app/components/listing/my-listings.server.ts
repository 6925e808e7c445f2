import { removalReasonText } from "~/components/ui/removal-reason.server";
import type { MyListing } from "~/domain/listings/list-my-listings.server";
import { isPublicStatus } from "~/domain/listings/listing-status";
import type { Lang } from "~/i18n/config";
import { formatDate, formatNumber, formatPrice } from "~/i18n/format";
import { localized } from "~/i18n/localized";

/** A row of the My Listings table, formatted on the server in the page's language. */
export interface MyListingRow {
  id: string;
  title: string;
  price: string;
  /** The spec's badge: active, sold, anything else "Inactive". */
  status: "active" | "sold" | "inactive";
  removed: boolean;
  /** Why a moderator (or the system) removed it, in the page's language; null otherwise. */
  removalReason: string | null;
  rawStatus: MyListing["status"];
  views: string;
  viewsCount: number;
  favorites: string;
  favoritesCount: number;
  posted: string;
}

export function toMyListingRows(lang: Lang, rows: MyListing[]): MyListingRow[] {
  return rows.map((row) => ({
    id: row.id,
    title: localized(lang, row, "title"),
    price: formatPrice(lang, row.price),
    status: isPublicStatus(row.status) ? row.status : "inactive",
    removed: row.status === "removed",
    removalReason: row.status === "removed" ? removalReasonText(lang, row.removalReason) : null,
    rawStatus: row.status,
    views: formatNumber(lang, row.viewsCount),
    viewsCount: row.viewsCount,
    favorites: formatNumber(lang, row.favoritesCount),
    favoritesCount: row.favoritesCount,
    posted: formatDate(lang, row.createdAt, { year: "numeric", month: "short", day: "numeric" }),
  }));
}

/** The page the My Listings actions return to: /my-listings or the profile's tab, nothing else. */
export function myListingsReturnTo(value: FormDataEntryValue | null) {
  return value === "/profile" ? "/profile" : "/my-listings";
}
