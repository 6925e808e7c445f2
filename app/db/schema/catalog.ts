import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** Reference data: synchronised from app/db/reference-data at every start. */

export const categories = pgTable(
  "categories",
  {
    id: integer("id").primaryKey(),
    parentId: integer("parent_id").references((): AnyPgColumn => categories.id, {
      onDelete: "restrict",
    }),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    nameAr: text("name_ar").notNull(),
    icon: text("icon").notNull().default(""),
    postable: boolean("postable").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [index("categories_parent_id_idx").on(t.parentId)],
);

/** Mirror of the single field definitions in app/db/reference-data/field-definitions.ts. */
export const categoryFields = pgTable(
  "category_fields",
  {
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    label: text("label").notNull(),
    labelAr: text("label_ar").notNull(),
    type: text("type").notNull(),
    required: boolean("required").notNull(),
    options: jsonb("options").notNull().default([]),
    definition: jsonb("definition").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.categoryId, t.key] }),
    check("category_fields_type", sql`${t.type} in ('select', 'number', 'text')`),
  ],
);

export const regions = pgTable("regions", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  nameAr: text("name_ar").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const cities = pgTable(
  "cities",
  {
    id: text("id").primaryKey(),
    regionId: text("region_id")
      .notNull()
      .references(() => regions.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    nameAr: text("name_ar").notNull(),
    aliases: jsonb("aliases").$type<string[]>().notNull().default([]),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [index("cities_region_id_idx").on(t.regionId)],
);

export const carMakes = pgTable("car_makes", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  nameAr: text("name_ar").notNull(),
  aliases: jsonb("aliases").$type<string[]>().notNull().default([]),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const carModels = pgTable(
  "car_models",
  {
    makeId: text("make_id")
      .notNull()
      .references(() => carMakes.id, { onDelete: "cascade" }),
    value: text("value").notNull(),
    label: text("label").notNull(),
    labelAr: text("label_ar").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.makeId, t.value] })],
);

/** USD per new Syrian pound, with where and when it came from. */
export const exchangeRates = pgTable(
  "exchange_rates",
  {
    id: serial("id").primaryKey(),
    currency: text("currency").notNull().default("USD"),
    rate: numeric("rate", { precision: 20, scale: 10, mode: "number" }).notNull(),
    source: text("source").notNull(),
    rateDate: date("rate_date", { mode: "string" }).notNull(),
    fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("exchange_rates_rate_positive", sql`${t.rate} > 0`),
    uniqueIndex("exchange_rates_source_date_key").on(t.currency, t.source, t.rateDate),
    index("exchange_rates_fetched_at_idx").on(t.fetchedAt.desc().nullsFirst()),
  ],
);
