import { describe, expect, it } from "vitest";
import {
  detailsToSave,
  isListingId,
  type ListingFormInput,
  listingFormSchema,
  parseWholeNumber,
  splitByScript,
} from "./listings-schemas";

const base: ListingFormInput = {
  title: "Sofa in good shape",
  description: "Three-seat sofa, grey.",
  price: "150000",
  categoryId: "5",
  location: "damascus",
  details: { type: "sofas", condition: "good" },
};

const motors = {
  make: "kia",
  model: "rio",
  year: "2015",
  kilometers: "120000",
  condition: "used",
};

const property = {
  listing_type: "rent",
  area: "120",
  type: "apartment",
  bedrooms: "3",
  bathrooms: "2",
};

function parse(input: Partial<ListingFormInput>) {
  return listingFormSchema.safeParse({ ...base, ...input });
}

/** The issues as "path: message", e.g. "price: priceInvalid". */
function issues(input: Partial<ListingFormInput>) {
  const result = parse(input);
  if (result.success) return [];
  return result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

describe("listing form: text fields", () => {
  it("accepts a valid listing and trims the text", () => {
    const result = parse({ title: "  Sofa  ", description: "  Grey.\r\nThree seats.  " });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({
      title: "Sofa",
      description: "Grey.\nThree seats.",
      price: 150000,
      categoryId: 5,
      location: "damascus",
      details: { type: "sofas", condition: "good" },
    });
  });

  it("requires a title and a description", () => {
    expect(issues({ title: "   " })).toEqual(["title: required"]);
    expect(issues({ description: "" })).toEqual(["description: required"]);
    expect(issues({ title: undefined })).toEqual(["title: required"]);
  });

  it("limits the title to 120 and the description to 5,000 characters", () => {
    expect(parse({ title: "a".repeat(120) }).success).toBe(true);
    expect(issues({ title: "a".repeat(121) })).toEqual(["title: titleTooLong"]);
    expect(parse({ description: "a".repeat(5000) }).success).toBe(true);
    expect(issues({ description: "a".repeat(5001) })).toEqual(["description: descriptionTooLong"]);
  });

  it("keeps a hostile title as plain text (escaped when rendered) without control characters", () => {
    const result = parse({ title: '<script>alert("x")</script>\u0000\nSofa' });
    expect(result.data?.title).toBe('<script>alert("x")</script> Sofa');
  });
});

describe("listing form: price", () => {
  it.each([
    ["١٥٠٠٠٠٠", 1500000],
    ["١٬٥٠٠٬٠٠٠", 1500000],
    ["۱۵۰۰۰۰۰", 1500000],
    ["1,500,000", 1500000],
    ["1 500 000", 1500000],
    ["0", 0],
    [2500, 2500],
    ["100000000000", 100_000_000_000],
  ])("reads %j as %d", (price, expected) => {
    expect(parse({ price }).data?.price).toBe(expected);
  });

  it.each(["-5", "abc", "1e9", "12.5", "1,50,000", "0x10", "Infinity", -5, 1.5])(
    "refuses %j",
    (price) => {
      expect(issues({ price })).toEqual(["price: priceInvalid"]);
    },
  );

  it("requires a price and caps it at 100 billion", () => {
    expect(issues({ price: "" })).toEqual(["price: required"]);
    expect(issues({ price: undefined })).toEqual(["price: required"]);
    expect(issues({ price: "100000000001" })).toEqual(["price: priceTooHigh"]);
  });

  it("parseWholeNumber handles stray direction marks", () => {
    expect(parseWholeNumber("\u200f١٢٣\u200f")).toBe(123);
  });
});

describe("listing form: category and location", () => {
  it.each(["1", "2", "3", "4", "5", "7", 7])("accepts postable category %j", (categoryId) => {
    const result = parse({ categoryId, details: {} });
    // Category-specific required fields may be missing; the category itself is fine.
    const categoryIssues = result.error?.issues.filter((issue) => issue.path[0] === "categoryId");
    expect(categoryIssues ?? []).toEqual([]);
  });

  it.each(["6", "8", 8, "99", "x", "", "1.0", undefined])("refuses category %j", (categoryId) => {
    expect(issues({ categoryId, details: {} })).toEqual(["categoryId: CATEGORY_REQUIRED"]);
  });

  it("requires a known city id", () => {
    expect(issues({ location: "" })).toEqual(["location: required"]);
    expect(issues({ location: "atlantis" })).toEqual(["location: LOCATION_INVALID"]);
    expect(issues({ location: "../../etc/passwd" })).toEqual(["location: LOCATION_INVALID"]);
    expect(parse({ location: " aleppo " }).data?.location).toBe("aleppo");
  });
});

describe("listing form: category details", () => {
  it("requires every motors field and reports each with its key", () => {
    const result = parse({ categoryId: "1", details: {} });
    expect(result.success).toBe(false);
    const detailIssues = result.error?.issues.map((issue) => ({
      path: issue.path.join("."),
      message: issue.message,
      field: (issue as { params?: { field?: string } }).params?.field,
    }));
    expect(detailIssues).toEqual(
      ["make", "model", "year", "kilometers", "condition"].map((field) => ({
        path: `details.${field}`,
        message: "fieldRequired",
        field,
      })),
    );
  });

  it("reports missing details together with other field errors", () => {
    expect(issues({ title: "", categoryId: "1", details: { ...motors, make: "" } })).toEqual([
      "title: required",
      "details.make: fieldRequired",
    ]);
  });

  it("accepts valid motors details, converts numbers and drops unknown keys", () => {
    const result = parse({
      categoryId: "1",
      details: { ...motors, kilometers: "١٢٠٬٠٠٠", color: "red", __proto__x: 1 },
    });
    expect(result.data?.details).toEqual({
      make: "kia",
      model: "rio",
      year: "2015",
      kilometers: 120000,
      condition: "used",
      regional_specs: "",
    });
  });

  it("counts 0 as filled", () => {
    expect(
      parse({ categoryId: "1", details: { ...motors, kilometers: "0" } }).data?.details,
    ).toMatchObject({ kilometers: 0 });
    expect(parse({ categoryId: "1", details: { ...motors, kilometers: 0 } }).success).toBe(true);
  });

  it("accepts only a model of the chosen make, or other", () => {
    expect(issues({ categoryId: "1", details: { ...motors, model: "corolla" } })).toEqual([
      "details.model: fieldInvalid",
    ]);
    expect(parse({ categoryId: "1", details: { ...motors, model: "other" } }).success).toBe(true);
    expect(issues({ categoryId: "1", details: { ...motors, make: "tesla-x" } })).toEqual([
      "details.make: fieldInvalid",
    ]);
  });

  it("accepts years 1950 to the current year", () => {
    const thisYear = String(new Date().getFullYear());
    const nextYear = String(new Date().getFullYear() + 1);
    for (const year of ["1950", thisYear]) {
      expect(parse({ categoryId: "1", details: { ...motors, year } }).success).toBe(true);
    }
    for (const year of ["1949", nextYear, "20x5"]) {
      expect(issues({ categoryId: "1", details: { ...motors, year } })).toEqual([
        "details.year: fieldInvalid",
      ]);
    }
  });

  it("refuses negative or non-numeric kilometers", () => {
    for (const kilometers of ["-1", "abc", -1, "1e5"]) {
      expect(issues({ categoryId: "1", details: { ...motors, kilometers } })).toEqual([
        "details.kilometers: fieldInvalid",
      ]);
    }
  });

  it("checks property options (bedrooms up to 12)", () => {
    expect(parse({ categoryId: "2", details: property }).data?.details).toMatchObject({
      area: 120,
      bedrooms: "3",
    });
    expect(
      parse({ categoryId: "2", details: { ...property, area: "85.5" } }).data?.details,
    ).toMatchObject({ area: 85.5 });
    expect(issues({ categoryId: "2", details: { ...property, bedrooms: "13" } })).toEqual([
      "details.bedrooms: fieldInvalid",
    ]);
    expect(issues({ categoryId: "2", details: { ...property, listing_type: "lease" } })).toEqual([
      "details.listing_type: fieldInvalid",
    ]);
  });

  it("trims text fields and limits them to 200 characters", () => {
    const jobs = {
      role: "  Driver ",
      company: "Souq Co",
      employment_type: "full_time",
      experience: "mid",
    };
    expect(parse({ categoryId: "3", details: jobs }).data?.details).toMatchObject({
      role: "Driver",
    });
    expect(issues({ categoryId: "3", details: { ...jobs, company: "x".repeat(201) } })).toEqual([
      "details.company: fieldTooLong",
    ]);
  });
});

describe("listing form: garbage input", () => {
  it.each([null, "x", 5, [], { details: "x" }])("refuses %j without throwing", (input) => {
    expect(listingFormSchema.safeParse(input).success).toBe(false);
  });
});

describe("detailsToSave", () => {
  it("is null when every value is blank", () => {
    expect(detailsToSave({ a: "", b: "  " })).toBeNull();
    expect(detailsToSave({})).toBeNull();
    expect(detailsToSave(null)).toBeNull();
  });

  it("keeps the non-blank values, 0 included", () => {
    expect(detailsToSave({ a: "", b: 0, c: "x" })).toEqual({ b: 0, c: "x" });
  });
});

describe("isListingId", () => {
  it("accepts the UUID shape with version 1 to 5, any case", () => {
    expect(isListingId("3f2504e0-4f89-41d3-9a0c-0305e82c3301")).toBe(true);
    expect(isListingId("3F2504E0-4F89-11D3-9A0C-0305E82C3301")).toBe(true);
    expect(isListingId(crypto.randomUUID())).toBe(true);
  });

  it.each([
    "3f2504e0-4f89-61d3-9a0c-0305e82c3301",
    "3f2504e0-4f89-01d3-9a0c-0305e82c3301",
    "3f2504e04f8941d39a0c0305e82c3301",
    "3f2504e0-4f89-41d3-9a0c-0305e82c330g",
    "' or 1=1 --",
    "",
  ])("refuses %j", (id) => {
    expect(isListingId(id)).toBe(false);
  });
});

describe("splitByScript", () => {
  it("puts mostly Arabic text in the Arabic column", () => {
    expect(splitByScript("كنبة بحالة جيدة Ikea")).toEqual({ en: "", ar: "كنبة بحالة جيدة Ikea" });
    expect(splitByScript("Kia Rio 2015 كيا")).toEqual({ en: "Kia Rio 2015 كيا", ar: "" });
    expect(splitByScript("2015")).toEqual({ en: "2015", ar: "" });
  });
});
