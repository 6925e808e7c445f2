import { z } from "zod";
import { carMakes, getCarModels } from "~/db/reference-data/car-makes";
import { categories } from "~/db/reference-data/categories";
import { categorySlugById, getFieldDefinitions } from "~/db/reference-data/field-definitions";
import { cities } from "~/db/reference-data/regions";
import type { FieldDefinition } from "~/db/reference-data/types";
import { BIDI_MARKS, parseWholeNumber, toLatinDigits } from "~/utils/numbers";
import { cleanLine } from "~/utils/user-text";
import { listingFieldsSchema } from "./listing-fields-schema";
import { DETAIL_TEXT_MAX, OLDEST_MODEL_YEAR } from "./listing-limits";

/*
 * The listing's full check, on the server: the fields the browser checks too
 * (listing-fields-schema.ts), and against the reference data, the category, the city and the
 * category's details. Messages are keys in the `errors` catalog. A detail-field issue carries
 * `params.field` (the field key): the page translates "fieldRequired" with that field's label in
 * its own language ("{{label}} is required").
 */

export const POSTABLE_CATEGORY_IDS: readonly number[] = categories
  .filter((category) => category.postable)
  .map((category) => category.id);

const cityIds = new Set(cities.map((city) => city.id));
const carMakeIds = new Set(carMakes.map((make) => make.id));

const LISTING_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The spec's id shape: 8-4-4-4-12 hexadecimal, version digit 1 to 5, any case. */
export function isListingId(value: unknown): value is string {
  return typeof value === "string" && LISTING_ID.test(value);
}

export { parseWholeNumber, toLatinDigits };

/** Like parseWholeNumber, but allows a decimal part ("85.5", "٨٥٫٥"), e.g. for an area. */
function parseDecimal(input: unknown): number | null {
  if (typeof input === "number") return Number.isFinite(input) ? input : null;
  if (typeof input !== "string") return null;
  const text = toLatinDigits(input.replace(BIDI_MARKS, "").trim()).replace("٫", ".");
  const match = /^(\d+|\d{1,3}(?:[,٬' \u00A0\u202F]\d{3})+)(\.\d+)?$/.exec(text);
  if (!match) return null;
  const value = Number(`${(match[1] ?? "").replace(/\D/g, "")}${match[2] ?? ""}`);
  return Number.isFinite(value) ? value : null;
}

const ARABIC_LETTER = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/gu;
const LATIN_LETTER = /[A-Za-z\u00C0-\u024F]/g;

/**
 * Puts a text in the column of its script, so a card can show the page's language when the
 * seller wrote in it: mostly Arabic letters → `ar`, otherwise `en`. The other side is "".
 */
export function splitByScript(text: string): { en: string; ar: string } {
  const arabic = text.match(ARABIC_LETTER)?.length ?? 0;
  const latin = text.match(LATIN_LETTER)?.length ?? 0;
  return arabic > latin ? { en: "", ar: text } : { en: text, ar: "" };
}

export type DetailValue = string | number;
export type ListingDetails = Record<string, DetailValue>;

interface DetailIssue {
  message: "fieldRequired" | "fieldInvalid" | "fieldTooLong";
  field: string;
}

function isBlank(value: unknown) {
  return value === undefined || value === null || (typeof value === "string" && !value.trim());
}

function selectValues(definition: FieldDefinition, raw: Record<string, unknown>): Set<string> {
  switch (definition.optionsSource) {
    case "car_makes":
      return carMakeIds;
    case "car_models": {
      const make = raw[definition.dependsOn ?? "make"];
      const models = typeof make === "string" ? getCarModels(make.trim()) : [];
      return new Set(["other", ...models.map((model) => model.value)]);
    }
    case "years": {
      const years = new Set<string>();
      for (let year = new Date().getFullYear(); year >= OLDEST_MODEL_YEAR; year--) {
        years.add(String(year));
      }
      return years;
    }
    default:
      return new Set((definition.options ?? []).map((option) => option.value));
  }
}

function hasValidParent(definition: FieldDefinition, raw: Record<string, unknown>) {
  const parent = raw[definition.dependsOn ?? ""];
  return typeof parent === "string" && carMakeIds.has(parent.trim());
}

/**
 * Checks the detail values against the category's field definitions. Every known field comes
 * back ("" when blank); unknown keys are dropped. 0 counts as filled.
 */
export function checkDetails(
  categoryId: number,
  input: unknown,
): { details: ListingDetails; issues: DetailIssue[] } {
  const slug = categorySlugById(categoryId);
  const definitions = slug ? getFieldDefinitions(slug) : [];
  const raw: Record<string, unknown> =
    input && typeof input === "object" && !Array.isArray(input)
      ? (input as Record<string, unknown>)
      : {};
  const details: ListingDetails = {};
  const issues: DetailIssue[] = [];

  for (const definition of definitions) {
    const field = definition.key;
    const value = Object.hasOwn(raw, field) ? raw[field] : undefined;
    if (isBlank(value)) {
      details[field] = "";
      if (definition.required) issues.push({ message: "fieldRequired", field });
      continue;
    }
    if (definition.type === "number") {
      const number = parseDecimal(value);
      const min = definition.min ?? 0;
      if (
        number === null ||
        number < min ||
        (definition.max !== undefined && number > definition.max)
      ) {
        issues.push({ message: "fieldInvalid", field });
      } else {
        details[field] = number;
      }
    } else if (definition.type === "select") {
      const text = typeof value === "number" ? String(value) : String(value).trim();
      if (selectValues(definition, raw).has(text)) details[field] = text;
      // A model cannot be judged without a valid make; the make's issue says what to fix.
      else if (definition.dependsOn && !hasValidParent(definition, raw)) details[field] = "";
      else issues.push({ message: "fieldInvalid", field });
    } else {
      const text = typeof value === "string" ? cleanLine(value) : "";
      if (typeof value !== "string") issues.push({ message: "fieldInvalid", field });
      else if (text.length > DETAIL_TEXT_MAX) issues.push({ message: "fieldTooLong", field });
      else details[field] = text;
    }
  }
  return { details, issues };
}

/** The details to store: the non-blank values, or null when every value is blank. */
export function detailsToSave(details: ListingDetails | null | undefined): ListingDetails | null {
  const kept: ListingDetails = {};
  for (const [key, value] of Object.entries(details ?? {})) {
    if (!isBlank(value)) kept[key] = typeof value === "string" ? value.trim() : value;
  }
  return Object.keys(kept).length > 0 ? kept : null;
}

function parseCategoryId(input: unknown): number | null {
  const text =
    typeof input === "number" ? String(input) : typeof input === "string" ? input.trim() : "";
  if (!/^\d{1,4}$/.test(text)) return null;
  const id = Number(text);
  return POSTABLE_CATEGORY_IDS.includes(id) ? id : null;
}

const serverFields = listingFieldsSchema.extend({
  categoryId: z
    .union([z.string(), z.number()], { error: "CATEGORY_REQUIRED" })
    .transform((value, ctx) => {
      const id = parseCategoryId(value);
      if (id === null) {
        ctx.addIssue({ code: "custom", message: "CATEGORY_REQUIRED" });
        return z.NEVER;
      }
      return id;
    }),
  location: z
    .string({ error: "required" })
    .trim()
    .superRefine((value, ctx) => {
      if (!value) ctx.addIssue({ code: "custom", message: "required" });
      else if (!cityIds.has(value)) ctx.addIssue({ code: "custom", message: "LOCATION_INVALID" });
    }),
});

type CheckedListing = z.output<typeof serverFields> & { details: ListingDetails };

const detailValues = z.record(z.string(), z.unknown()).optional();

/**
 * The fields, then the category's details under `key`, checked even when other fields failed so
 * the member sees every missing detail at once; the details come out as `details` either way.
 */
function withDetails<K extends string, S extends z.ZodObject>(schema: S, key: K) {
  return schema
    .superRefine(
      (value: Record<string, unknown>, ctx) => {
        // With `when`, this also runs on input that is not an object at all.
        if (!value || typeof value !== "object") return;
        const categoryId = parseCategoryId(value.categoryId);
        if (categoryId === null) return;
        for (const issue of checkDetails(categoryId, value[key]).issues) {
          ctx.addIssue({
            code: "custom",
            message: issue.message,
            path: [key, issue.field],
            params: { field: issue.field },
          });
        }
      },
      { when: () => true },
    )
    .transform((value): CheckedListing => {
      const { [key]: raw, ...fields } = value as Record<string, unknown>;
      const listing = fields as CheckedListing;
      return { ...listing, details: checkDetails(listing.categoryId, raw).details };
    });
}

/** The listing as the domain takes it: its details under `details`. */
export const listingFormSchema = withDetails(
  serverFields.extend({ details: detailValues }),
  "details",
);

/**
 * The listing as the page's form sends it: each detail is a field named `detail.<key>`, which
 * Conform reads as `detail: { <key>: … }`, so an issue's path is the field's name.
 */
export const listingPageSchema = withDetails(
  serverFields.extend({ detail: detailValues }),
  "detail",
);

export type ListingFormInput = z.input<typeof listingFormSchema>;
export type ListingFormValues = z.output<typeof listingFormSchema>;

/**
 * What an owner can make a listing. "reserved" is an active listing with `reserved_at` set (a sale
 * agreed, issue 31); "active" from reserved makes it available again.
 */
export const EDITABLE_STATUSES = ["active", "reserved", "sold", "inactive"] as const;
export type EditableStatus = (typeof EDITABLE_STATUSES)[number];
export const listingStatusSchema = z.enum(EDITABLE_STATUSES);

/**
 * The owner's buttons on a listing (its page, My listings): delete it, set its status, or renew
 * its term (listing-expiry.server.ts).
 */
export const OWNER_ACTION_STATUS = {
  sold: "sold",
  hide: "inactive",
  activate: "active",
  reserve: "reserved",
  available: "active",
} as const;

export const ownerActionSchema = z.object({
  intent: z.enum(["delete", "sold", "hide", "activate", "renew", "reserve", "available", "bump"], {
    error: "UNEXPECTED",
  }),
});

/** The renewal link's page posts the link's signature back; the domain checks it. */
export const renewLinkSchema = z.object({
  token: z.string({ error: "INVALID_RENEW_LINK" }).max(64, { error: "INVALID_RENEW_LINK" }),
});

/** My listings' buttons name their listing; the domain checks its id and its owner. */
export const myListingActionSchema = ownerActionSchema.extend({
  listingId: z.string({ error: "INVALID_LISTING_ID" }),
});
