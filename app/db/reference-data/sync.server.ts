import { notInArray, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../client.server";
import { carMakes, carModels, categories, categoryFields, cities, regions } from "../schema";
import { carModelRows, carMakes as makeRefs } from "./car-makes";
import { categories as categoryRefs } from "./categories";
import { fieldDefinitions } from "./field-definitions";
import { cities as cityRefs, governorates } from "./regions";

/**
 * Writes the reference data (categories, field definitions, regions, cities, car makes and models)
 * into the database. Safe to run at every start: rows are upserted by their stable ids, and rows
 * that nothing references (fields, models) are pruned when they leave the reference data.
 * Categories and cities are never deleted, because listings point at them.
 */
export async function syncReferenceData(db: Database) {
  await db.transaction(async (tx) => {
    const topLevel = categoryRefs.map((c) => ({
      id: c.id,
      parentId: null,
      slug: c.slug,
      name: c.name,
      nameAr: c.nameAr,
      icon: c.icon,
      postable: c.postable,
      sortOrder: c.sortOrder,
    }));
    const subcategories = categoryRefs.flatMap((c) =>
      c.subcategories.map((s, index) => ({
        id: s.id,
        parentId: c.id,
        slug: s.slug,
        name: s.name,
        nameAr: s.nameAr,
        icon: "",
        postable: c.postable,
        sortOrder: index + 1,
      })),
    );
    await upsert(tx, categories, [...topLevel, ...subcategories], [categories.id]);

    const fields = categoryRefs.flatMap((c) =>
      (fieldDefinitions[c.slug] ?? []).map((field, index) => ({
        categoryId: c.id,
        key: field.key,
        label: field.label,
        labelAr: field.labelAr,
        type: field.type,
        required: field.required,
        options: field.options ?? [],
        definition: field,
        sortOrder: index + 1,
      })),
    );
    await upsert(tx, categoryFields, fields, [categoryFields.categoryId, categoryFields.key]);
    await tx.delete(categoryFields).where(
      notInArray(
        sql`${categoryFields.categoryId}::text || ':' || ${categoryFields.key}`,
        fields.map((f) => `${f.categoryId}:${f.key}`),
      ),
    );

    await upsert(tx, regions, governorates, [regions.id]);
    await upsert(
      tx,
      cities,
      cityRefs.map((c, index) => ({
        id: c.id,
        regionId: c.governorateId,
        name: c.name,
        nameAr: c.nameAr,
        aliases: c.aliases,
        sortOrder: index + 1,
      })),
      [cities.id],
    );

    await upsert(
      tx,
      carMakes,
      makeRefs.map((m) => ({
        id: m.id,
        name: m.name,
        nameAr: m.nameAr,
        aliases: m.aliases,
        sortOrder: m.sortOrder,
      })),
      [carMakes.id],
    );
    await upsert(
      tx,
      carModels,
      carModelRows.map((m) => ({
        makeId: m.makeId,
        value: m.value,
        label: m.label,
        labelAr: m.labelAr,
        sortOrder: m.sortOrder,
      })),
      [carModels.makeId, carModels.value],
    );
    await tx.delete(carModels).where(
      notInArray(
        sql`${carModels.makeId} || ':' || ${carModels.value}`,
        carModelRows.map((m) => `${m.makeId}:${m.value}`),
      ),
    );
  });
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** INSERT … ON CONFLICT (target) DO UPDATE SET every other column = excluded. */
async function upsert<T extends PgTable>(
  tx: Tx,
  table: T,
  rows: T["$inferInsert"][],
  target: PgColumn[],
) {
  if (rows.length === 0) return;
  const first = rows[0] as Record<string, unknown>;
  const columns = table as unknown as Record<string, PgColumn>;
  const set: Record<string, unknown> = {};
  for (const key of Object.keys(first)) {
    set[key] = sql.raw(`excluded."${columns[key]!.name}"`);
  }
  await tx.insert(table).values(rows).onConflictDoUpdate({ target, set });
}
