import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { categories, cities } from "./catalog";

export const listingStatus = pgEnum("listing_status", ["active", "sold", "inactive", "removed"]);

export const listings = pgTable(
  "listings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    subcategoryId: integer("subcategory_id").references(() => categories.id, {
      onDelete: "set null",
    }),
    title: text("title").notNull().default(""),
    titleAr: text("title_ar").notNull().default(""),
    description: text("description").notNull().default(""),
    descriptionAr: text("description_ar").notNull().default(""),
    /** Whole new Syrian pounds (the pound redenominated on 1 January 2026). */
    price: bigint("price", { mode: "number" }).notNull(),
    location: text("location").notNull().default(""),
    locationAr: text("location_ar").notNull().default(""),
    cityId: text("city_id").references(() => cities.id, { onDelete: "set null" }),
    status: listingStatus("status").notNull().default("active"),
    removalReason: text("removal_reason"),
    featured: boolean("featured").notNull().default(false),
    viewsCount: integer("views_count").notNull().default(0),
    /** Normalised text of title, description and location in both languages (search issue). */
    searchText: text("search_text").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("listings_price_non_negative", sql`${t.price} >= 0`),
    check("listings_views_non_negative", sql`${t.viewsCount} >= 0`),
    check("listings_has_title", sql`${t.title} <> '' or ${t.titleAr} <> ''`),
    // Newest active listings (home, search without a query) and per-category browsing.
    index("listings_status_created_idx").on(t.status, t.createdAt.desc().nullsFirst()),
    index("listings_category_status_created_idx").on(
      t.categoryId,
      t.status,
      t.createdAt.desc().nullsFirst(),
    ),
    index("listings_category_status_price_idx").on(t.categoryId, t.status, t.price),
    index("listings_user_created_idx").on(t.userId, t.createdAt.desc().nullsFirst()),
    index("listings_city_idx").on(t.cityId),
  ],
);

export const listingImages = pgTable(
  "listing_images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    listingId: uuid("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    /** Storage key prefix; variants are `${key}-${width}.webp`. Generated, never user-chosen. */
    storageKey: text("storage_key").notNull(),
    variants: jsonb("variants").$type<{ width: number; height: number; key: string }[]>().notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    isPrimary: boolean("is_primary").notNull().default(false),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("listing_images_listing_idx").on(t.listingId, t.sortOrder),
    uniqueIndex("listing_images_one_primary_key").on(t.listingId).where(sql`${t.isPrimary}`),
    check("listing_images_dimensions", sql`${t.width} > 0 and ${t.height} > 0`),
  ],
);

export const listingDetails = pgTable(
  "listing_details",
  {
    listingId: uuid("listing_id")
      .primaryKey()
      .references(() => listings.id, { onDelete: "cascade" }),
    details: jsonb("details").$type<Record<string, string | number>>().notNull().default({}),
  },
  (t) => [index("listing_details_details_idx").using("gin", t.details.op("jsonb_path_ops"))],
);
