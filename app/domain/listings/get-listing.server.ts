import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import {
  categories,
  conversations,
  favorites,
  listingDetails,
  listingImages,
  listings,
  profiles,
  users,
} from "~/db/schema";
import type { Member } from "~/domain/accounts/session.server";
import { type RatingSummary, toRatingSummary } from "~/domain/ratings/rating-rules";
import { ratingSummaryColumn, soldCountColumn } from "~/domain/ratings/ratings-sql.server";
import type { ResponseStats } from "~/domain/sellers/response-time";
import { responseStatsColumn, toResponseStats } from "~/domain/sellers/response-time.server";
import {
  guideColumn,
  guideKeyOf,
  type PriceGuide,
  parseGuide,
} from "~/domain/statistics/price-guide.server";
import { AppError } from "~/utils/app-error";
import { isVisibleStatus, type ListingStatus } from "./listing-status";
import { isListingId, type ListingDetails } from "./listings-schemas";
import { findEditableListing } from "./owned-listing.server";

export interface ListingImage {
  id: string;
  storageKey: string;
  width: number;
  height: number;
  isPrimary: boolean;
  sortOrder: number;
  variants: { width: number; height: number; key: string }[];
}

export interface ListingView {
  listing: {
    id: string;
    title: string;
    titleAr: string;
    description: string;
    descriptionAr: string;
    price: number;
    cityId: string | null;
    location: string;
    locationAr: string;
    status: ListingStatus;
    /** Since when its owner has it reserved (issue 31); null when it is not. */
    reservedAt: Date | null;
    /** Only for the owner (a moderator's reason is not public). */
    removalReason: string | null;
    featured: boolean;
    viewsCount: number;
    createdAt: Date;
    /** When its owner last bumped it to the top (issue 32). */
    bumpedAt: Date | null;
    updatedAt: Date;
    /** When it leaves (or left) search, unless renewed. */
    expiresAt: Date;
  };
  category: { id: number; slug: string; name: string; nameAr: string };
  /** Null when the seller entered none. */
  details: ListingDetails | null;
  /** Where its price sits among comparable cars or flats (issue 32), when there are enough. */
  priceGuide: PriceGuide | null;
  /** Primary first, then in the seller's order. */
  images: ListingImage[];
  seller: {
    id: string;
    /** Null → the page shows "Unknown User". */
    fullName: string | null;
    username: string | null;
    avatarUrl: string | null;
    memberSince: Date;
    emailVerified: boolean;
    /** Only for the owner; anyone else asks for it (reveal-phone.server.ts). */
    phoneNumber: string | null;
    /** The seller proved their number by SMS: only such a number is ever shown (decision 036). */
    phoneVerified: boolean;
    /** Their reply statistics ("Usually replies within …", response-time.ts decides). */
    responseStats: ResponseStats | null;
    /** Their counted ratings (decision 038). */
    ratings: RatingSummary;
    /** How many of their listings are marked sold. */
    sold: number;
  };
  isOwner: boolean;
  /** The signed-in viewer's heart and conversation about this listing; null for visitors. */
  viewer: { favorited: boolean; conversationId: string | null } | null;
}

/**
 * The listing page. Null for a malformed or unknown id, and for a removed or inactive listing
 * unless the viewer owns it or moderates. One query: the listing with its category, details,
 * seller (and their reply statistics) and images (and the signed-in viewer's heart and
 * conversation).
 */
export async function getListingForView({
  db,
  listingId,
  viewer,
}: {
  db: Database;
  listingId: string;
  viewer: (Pick<Member, "id"> & Partial<Pick<Member, "role">>) | null;
}): Promise<ListingView | null> {
  if (!isListingId(listingId)) return null;
  const id = listingId.toLowerCase();
  const [row] = await db
    .select({
      listing: {
        id: listings.id,
        userId: listings.userId,
        title: listings.title,
        titleAr: listings.titleAr,
        description: listings.description,
        descriptionAr: listings.descriptionAr,
        price: listings.price,
        cityId: listings.cityId,
        location: listings.location,
        locationAr: listings.locationAr,
        status: listings.status,
        reservedAt: listings.reservedAt,
        removalReason: listings.removalReason,
        featured: listings.featured,
        viewsCount: listings.viewsCount,
        createdAt: listings.createdAt,
        bumpedAt: listings.bumpedAt,
        updatedAt: listings.updatedAt,
        expiresAt: listings.expiresAt,
      },
      category: {
        id: categories.id,
        slug: categories.slug,
        name: categories.name,
        nameAr: categories.nameAr,
      },
      details: listingDetails.details,
      // The fair-price guide's row, in this same statement (issue 32).
      priceGuide: guideColumn(guideKeyOf(sql`${listings}`, sql`${listingDetails}`)),
      user: {
        id: users.id,
        name: users.name,
        image: users.image,
        createdAt: users.createdAt,
        emailVerified: users.emailVerified,
      },
      profile: {
        fullName: profiles.fullName,
        username: profiles.username,
        phoneNumber: profiles.phoneNumber,
        phoneVerifiedAt: profiles.phoneVerifiedAt,
      },
      // The images in the same round trip, primary first (the detail page's query budget).
      images: sql<ListingImage[]>`coalesce((
        select json_agg(json_build_object(
          'id', i.id, 'storageKey', i.storage_key, 'width', i.width, 'height', i.height,
          'isPrimary', i.is_primary, 'sortOrder', i.sort_order, 'variants', i.variants)
          order by i.is_primary desc, i.sort_order asc, i.id asc)
        from ${listingImages} i where i.listing_id = ${listings.id}), '[]'::json)`,
      // The signed-in viewer's own state, in the same round trip: their heart and their
      // conversation with the seller about this listing.
      favorited: viewer
        ? sql<boolean>`exists (select 1 from ${favorites} f
            where f.user_id = ${viewer.id} and f.listing_id = ${listings.id})`
        : sql<boolean>`false`,
      conversationId: viewer
        ? sql<string | null>`(select c.id from ${conversations} c
            where c.listing_id = ${listings.id} and c.buyer_id = ${viewer.id} limit 1)`
        : sql<string | null>`null`,
      // The seller's reply statistics for the seller card, in the same round trip.
      response: responseStatsColumn(sql`${listings.userId}`),
      // Their counted ratings and sales, for the trust lines (decision 038), in the same trip.
      ratings: ratingSummaryColumn(sql`${listings.userId}`),
      sold: soldCountColumn(sql`${listings.userId}`),
    })
    .from(listings)
    .innerJoin(categories, eq(categories.id, listings.categoryId))
    .innerJoin(users, eq(users.id, listings.userId))
    .leftJoin(profiles, eq(profiles.id, listings.userId))
    .leftJoin(listingDetails, eq(listingDetails.listingId, listings.id))
    .where(eq(listings.id, id))
    .limit(1);
  if (!row) return null;

  const isOwner = viewer?.id === row.listing.userId;
  // A moderator opens hidden listings too: the queue links to them.
  const mayOpenHidden = isOwner || viewer?.role === "moderator";
  if (!mayOpenHidden && !isVisibleStatus(row.listing.status)) return null;

  const images = typeof row.images === "string" ? JSON.parse(row.images) : row.images;

  const { userId: _userId, ...listing } = row.listing;
  const details = row.details && Object.keys(row.details).length > 0 ? row.details : null;
  return {
    listing: { ...listing, removalReason: mayOpenHidden ? listing.removalReason : null },
    category: row.category,
    details,
    priceGuide: parseGuide(row.priceGuide),
    images,
    seller: {
      id: row.user.id,
      fullName: row.profile?.fullName.trim() || row.user.name.trim() || null,
      username: row.profile?.username ?? null,
      avatarUrl: row.user.image,
      memberSince: row.user.createdAt,
      emailVerified: row.user.emailVerified,
      // The number itself only for its owner; anyone else asks for it (reveal-phone.server.ts).
      phoneNumber: isOwner ? (row.profile?.phoneNumber ?? null) : null,
      phoneVerified: Boolean(row.profile?.phoneNumber && row.profile.phoneVerifiedAt),
      responseStats: toResponseStats(row.response),
      ratings: toRatingSummary(
        (typeof row.ratings === "string" ? JSON.parse(row.ratings) : row.ratings) as never,
      ),
      sold: Number(row.sold ?? 0),
    },
    isOwner,
    viewer: viewer
      ? { favorited: Boolean(row.favorited), conversationId: row.conversationId ?? null }
      : null,
  };
}

export interface ListingForEdit {
  id: string;
  status: ListingStatus;
  /** The form's values: the title and description in whichever column holds them. */
  values: {
    title: string;
    description: string;
    price: number;
    categoryId: number;
    location: string;
    details: ListingDetails;
  };
  images: ListingImage[];
}

/** The edit form's prefill; owner only (NOT_OWNER otherwise). */
export async function getListingForEdit({
  db,
  member,
  listingId,
}: {
  db: Database;
  member: Pick<Member, "id">;
  listingId: string;
}): Promise<ListingForEdit> {
  await findEditableListing(db, member, listingId);
  const view = await getListingForView({ db, listingId, viewer: member });
  if (!view) throw new AppError("LISTING_NOT_FOUND");
  const { listing } = view;
  return {
    id: listing.id,
    status: listing.status,
    values: {
      title: listing.title || listing.titleAr,
      description: listing.description || listing.descriptionAr,
      price: listing.price,
      categoryId: view.category.id,
      location: listing.cityId ?? "",
      details: view.details ?? {},
    },
    images: view.images,
  };
}
