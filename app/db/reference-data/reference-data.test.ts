import { describe, expect, it } from "vitest";
import { carMakes, carModelRows, getCarModels } from "./car-makes";
import { categories } from "./categories";
import {
  categorySlugById,
  fieldDefinitions,
  getFieldDefinitions,
  yearOptions,
} from "./field-definitions";
import { cities, governorates } from "./regions";
import type { CategorySlug } from "./types";

const ARABIC = /[\u0600-\u06FF]/;
const SNAKE_CASE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;
const OPTION_VALUE = /^[a-z0-9]+(_[a-z0-9]+)*$/;
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

function duplicates<T>(values: T[]): T[] {
  return values.filter((value, index) => values.indexOf(value) !== index);
}

function expectBilingual(items: { en: string; ar: string; where: string }[]) {
  for (const { en, ar, where } of items) {
    expect(en.trim(), `${where}: English label`).not.toBe("");
    expect(ar.trim(), `${where}: Arabic label`).not.toBe("");
    expect(ar, `${where}: Arabic label has Arabic letters`).toMatch(ARABIC);
  }
}

const allCategoryRows = categories.flatMap((category) => [
  { id: category.id, slug: category.slug, name: category.name, nameAr: category.nameAr },
  ...category.subcategories,
]);

describe("categories", () => {
  it("has unique ids and slugs across top-level and subcategories", () => {
    expect(duplicates(allCategoryRows.map((row) => row.id))).toEqual([]);
    expect(duplicates(allCategoryRows.map((row) => row.slug))).toEqual([]);
    for (const row of allCategoryRows) expect(row.slug).toMatch(SLUG);
  });

  it("maps ids 1–8 to the fixed slugs", () => {
    const expected: Record<number, CategorySlug> = {
      1: "motors",
      2: "property",
      3: "jobs",
      4: "electronics",
      5: "furniture",
      6: "fashion",
      7: "services",
      8: "community",
    };
    expect(Object.fromEntries(categories.map((c) => [c.id, c.slug]))).toEqual(expected);
    for (const [id, slug] of Object.entries(expected)) {
      expect(categorySlugById(Number(id))).toBe(slug);
    }
    expect(categorySlugById(999)).toBeUndefined();
  });

  it("offers fashion and community for browsing only", () => {
    const notPostable = categories.filter((c) => !c.postable).map((c) => c.id);
    expect(notPostable.sort()).toEqual([6, 8]);
  });

  it("gives subcategories ids from 101 and a parent that exists", () => {
    const topIds = new Set(categories.map((c) => c.id));
    for (const category of categories) {
      expect(category.icon).not.toBe("");
      for (const sub of category.subcategories) {
        expect(sub.id).toBeGreaterThanOrEqual(101);
        expect(topIds.has(sub.parentId), `${sub.slug} parent`).toBe(true);
        expect(sub.parentId, `${sub.slug} is nested under its parent`).toBe(category.id);
      }
    }
  });

  it("keeps the spec's subcategories", () => {
    const subSlugs = (slug: CategorySlug) =>
      categories.find((c) => c.slug === slug)?.subcategories.map((s) => s.slug);
    expect(subSlugs("motors")).toEqual(["cars", "motorcycles", "auto-parts"]);
    expect(subSlugs("property")).toEqual(["apartments", "villas", "commercial"]);
    expect(subSlugs("jobs")).toEqual(["accounting", "it", "retail"]);
    expect(subSlugs("electronics")).toEqual(["mobile-phones", "computers", "tvs"]);
    expect(subSlugs("services")).toEqual(["cleaning", "movers", "repairs"]);
  });

  it("has both names, the Arabic one in Arabic", () => {
    expectBilingual(
      allCategoryRows.map((row) => ({
        en: row.name,
        ar: row.nameAr,
        where: `category ${row.slug}`,
      })),
    );
  });
});

describe("regions", () => {
  const SPEC_GOVERNORATES = [
    "damascus",
    "aleppo",
    "homs",
    "latakia",
    "hama",
    "deir-ez-zor",
    "daraa",
    "idlib",
    "al-hasakah",
    "tartus",
    "al-raqqah",
    "al-suwayda",
    "quneitra",
  ];

  it("includes every governorate the spec lists, plus Rif Dimashq", () => {
    const ids = governorates.map((g) => g.id);
    for (const id of SPEC_GOVERNORATES) expect(ids).toContain(id);
    expect(ids).toContain("rif-dimashq");
    expect(duplicates(ids)).toEqual([]);
    expect(duplicates(governorates.map((g) => g.sortOrder))).toEqual([]);
  });

  it("has governorate names in both languages", () => {
    expectBilingual(
      governorates.map((g) => ({ en: g.name, ar: g.nameAr, where: `governorate ${g.id}` })),
    );
  });

  it("has at least 40 cities with unique slug ids in an existing governorate", () => {
    expect(cities.length).toBeGreaterThanOrEqual(40);
    expect(duplicates(cities.map((c) => c.id))).toEqual([]);
    const governorateIds = new Set(governorates.map((g) => g.id));
    for (const city of cities) {
      expect(city.id).toMatch(SLUG);
      expect(governorateIds.has(city.governorateId), `${city.id} governorate`).toBe(true);
    }
  });

  it("has a city in every governorate, including each capital", () => {
    const withCities = new Set(cities.map((c) => c.governorateId));
    for (const g of governorates) expect(withCities.has(g.id), g.id).toBe(true);
  });

  it("has city names in both languages", () => {
    expectBilingual(cities.map((c) => ({ en: c.name, ar: c.nameAr, where: `city ${c.id}` })));
  });

  it("has aliases that are non-empty, not the name itself, and never point at two cities", () => {
    const owner = new Map<string, string>();
    for (const city of cities) {
      const names = [city.name, city.nameAr].map((n) => n.toLowerCase());
      for (const alias of city.aliases) {
        expect(alias.trim(), `${city.id} alias`).not.toBe("");
        expect(names, `${city.id} alias repeats its name`).not.toContain(alias.toLowerCase());
      }
      for (const spelling of [...names, ...city.aliases.map((a) => a.toLowerCase())]) {
        const previous = owner.get(spelling);
        expect(previous ?? city.id, `"${spelling}" names ${previous} and ${city.id}`).toBe(city.id);
        owner.set(spelling, city.id);
      }
    }
  });
});

describe("car makes and models", () => {
  it("has at least 36 makes with unique slug ids and sort orders", () => {
    expect(carMakes.length).toBeGreaterThanOrEqual(36);
    expect(duplicates(carMakes.map((m) => m.id))).toEqual([]);
    expect(duplicates(carMakes.map((m) => m.sortOrder))).toEqual([]);
    for (const make of carMakes) expect(make.id).toMatch(SLUG);
  });

  it("ends with the catch-all make", () => {
    expect(carMakes.at(-1)).toMatchObject({ id: "other", name: "Other", nameAr: "أخرى" });
  });

  it("gives every make at least 2 models with unique values, ending with other", () => {
    for (const make of carMakes) {
      if (make.id !== "other") expect(make.models.length, make.id).toBeGreaterThanOrEqual(2);
      expect(make.models.length, make.id).toBeLessThanOrEqual(12);
      expect(duplicates(make.models.map((m) => m.value)), make.id).toEqual([]);
      expect(duplicates(make.models.map((m) => m.sortOrder)), make.id).toEqual([]);
      for (const model of make.models) expect(model.value, make.id).toMatch(OPTION_VALUE);
      expect(make.models.at(-1), make.id).toMatchObject({
        value: "other",
        label: "Other",
        labelAr: "أخرى",
      });
    }
  });

  it("has names in both languages for makes and models", () => {
    expectBilingual(carMakes.map((m) => ({ en: m.name, ar: m.nameAr, where: `make ${m.id}` })));
    expectBilingual(
      carMakes.flatMap((make) =>
        make.models.map((m) => ({ en: m.label, ar: m.labelAr, where: `${make.id}/${m.value}` })),
      ),
    );
  });

  it("has make aliases that never repeat the make's own names or another make's", () => {
    const owner = new Map<string, string>();
    for (const make of carMakes) {
      const names = [make.name, make.nameAr].map((n) => n.toLowerCase());
      for (const alias of make.aliases) {
        expect(alias.trim(), `${make.id} alias`).not.toBe("");
        expect(names, `${make.id} alias repeats its name`).not.toContain(alias.toLowerCase());
      }
      for (const spelling of [...names, ...make.aliases.map((a) => a.toLowerCase())]) {
        const previous = owner.get(spelling);
        expect(previous ?? make.id, `"${spelling}" names ${previous} and ${make.id}`).toBe(make.id);
        owner.set(spelling, make.id);
      }
    }
  });

  it("has no orphan models in the flat model list", () => {
    const makeIds = new Set(carMakes.map((m) => m.id));
    for (const row of carModelRows) expect(makeIds.has(row.makeId), row.makeId).toBe(true);
    const keys = carModelRows.map((row) => `${row.makeId}/${row.value}`);
    expect(duplicates(keys)).toEqual([]);
    expect(carModelRows.length).toBe(carMakes.reduce((n, make) => n + make.models.length, 0));
  });

  it("always offers other as a model, even for an unknown make", () => {
    expect(getCarModels("kia").map((m) => m.value)).toContain("rio");
    expect(getCarModels("no-such-make").map((m) => m.value)).toEqual(["other"]);
  });
});

describe("field definitions", () => {
  const entries = Object.entries(fieldDefinitions) as [
    CategorySlug,
    typeof fieldDefinitions.motors,
  ][];

  it("defines fields for every postable category and none for browse-only ones", () => {
    for (const category of categories) {
      const fields = getFieldDefinitions(category.slug);
      if (category.postable) expect(fields.length, category.slug).toBeGreaterThan(0);
      else expect(fields, category.slug).toEqual([]);
    }
    expect(getFieldDefinitions("no-such-category")).toEqual([]);
    expect(getFieldDefinitions("toString")).toEqual([]);
  });

  it("has unique snake_case keys per category", () => {
    for (const [slug, fields] of entries) {
      const keys = fields.map((f) => f.key);
      expect(duplicates(keys), slug).toEqual([]);
      for (const key of keys) expect(key, slug).toMatch(SNAKE_CASE);
    }
  });

  it("has labels in both languages for fields, options and units", () => {
    for (const [slug, fields] of entries) {
      for (const field of fields) {
        const where = `${slug}.${field.key}`;
        expectBilingual([{ en: field.label, ar: field.labelAr, where }]);
        if (field.unit) expectBilingual([{ en: field.unit.en, ar: field.unit.ar, where }]);
        expectBilingual(
          (field.options ?? []).map((o) => ({
            en: o.label,
            ar: o.labelAr,
            where: `${where}=${o.value}`,
          })),
        );
      }
    }
  });

  it("has unique snake_case or numeric option values per field", () => {
    for (const [slug, fields] of entries) {
      for (const field of fields) {
        const values = (field.options ?? []).map((o) => o.value);
        expect(duplicates(values), `${slug}.${field.key}`).toEqual([]);
        for (const value of values) expect(value, `${slug}.${field.key}`).toMatch(OPTION_VALUE);
      }
    }
  });

  it("gives select fields either an options source or at least 2 options, never both", () => {
    for (const [slug, fields] of entries) {
      for (const field of fields) {
        const where = `${slug}.${field.key}`;
        if (field.type !== "select") {
          expect(field.options, where).toBeUndefined();
          expect(field.optionsSource, where).toBeUndefined();
        } else if (field.optionsSource) {
          expect(field.options, where).toBeUndefined();
        } else {
          expect(field.options?.length ?? 0, where).toBeGreaterThanOrEqual(2);
        }
        if (field.dependsOn) {
          expect(
            fields.map((f) => f.key),
            where,
          ).toContain(field.dependsOn);
        }
      }
    }
  });

  it("has range filters with min < max and defaults inside the range", () => {
    for (const [slug, fields] of entries) {
      for (const field of fields) {
        const filter = field.filter;
        if (filter?.kind !== "range") continue;
        const where = `${slug}.${field.key}`;
        expect(filter.min, where).toBeLessThan(filter.max);
        expect(filter.step, where).toBeGreaterThan(0);
        expect(filter.defaultMin, where).toBeGreaterThanOrEqual(filter.min);
        expect(filter.defaultMax, where).toBeLessThanOrEqual(filter.max);
        expect(filter.defaultMin, where).toBeLessThanOrEqual(filter.defaultMax);
      }
    }
  });

  it("has distinct chip priorities within a category", () => {
    for (const [slug, fields] of entries) {
      const priorities = fields.flatMap((f) =>
        f.chipPriority === undefined ? [] : [f.chipPriority],
      );
      expect(duplicates(priorities), slug).toEqual([]);
    }
  });

  it("merges the spec's value sets into one snake_case list", () => {
    const options = (slug: CategorySlug, key: string) =>
      fieldDefinitions[slug].find((f) => f.key === key)?.options?.map((o) => o.value) ?? [];
    expect(options("electronics", "condition")).toContain("like_new");
    expect(options("property", "type")).toContain("house");
    expect(options("property", "furnishing")).toContain("semi_furnished");
    expect(options("jobs", "employment_type")).toEqual(
      expect.arrayContaining(["full_time", "part_time", "freelance", "internship"]),
    );
    expect(options("motors", "regional_specs")).toEqual(
      expect.arrayContaining(["gcc", "american", "european", "japanese", "korean", "other"]),
    );
    expect(options("furniture", "type")).toEqual(
      expect.arrayContaining(["sofas", "beds", "tv_units", "office", "dining_sets", "other"]),
    );
    expect(options("property", "bedrooms")).toEqual([
      "studio",
      ...Array.from({ length: 12 }, (_, i) => String(i + 1)),
    ]);
  });

  it("ties the motors selects to car makes, models and years", () => {
    const byKey = Object.fromEntries(fieldDefinitions.motors.map((f) => [f.key, f]));
    expect(byKey.make?.optionsSource).toBe("car_makes");
    expect(byKey.model).toMatchObject({ optionsSource: "car_models", dependsOn: "make" });
    expect(byKey.year?.optionsSource).toBe("years");
    expect(byKey.year?.filter).toMatchObject({
      kind: "range",
      min: 1980,
      max: new Date().getFullYear(),
      defaultMin: 2000,
    });
    expect(byKey.kilometers?.filter).toEqual({
      kind: "range",
      min: 0,
      max: 300_000,
      step: 5_000,
      defaultMin: 0,
      defaultMax: 300_000,
    });
  });
});

describe("yearOptions", () => {
  it("runs from the current year down to 1950", () => {
    const years = yearOptions();
    expect(years[0]?.value).toBe(String(new Date().getFullYear()));
    expect(years.at(-1)?.value).toBe("1950");
    expect(years).toHaveLength(new Date().getFullYear() - 1950 + 1);
  });

  it("uses the given date and Arabic-Indic digits in Arabic", () => {
    const years = yearOptions(new Date(2031, 5, 1));
    expect(years[0]).toEqual({ value: "2031", label: "2031", labelAr: "٢٠٣١" });
    expect(years.at(-1)).toEqual({ value: "1950", label: "1950", labelAr: "١٩٥٠" });
  });
});
