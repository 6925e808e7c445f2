import { asc } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { categories } from "~/db/schema";
import type { CategoryNode } from "./catalog-types";

const CACHE_MS = 5 * 60 * 1000;
const cache = new WeakMap<Database, { at: number; value: Promise<CategoryNode[]> }>();

/**
 * The category tree for navigation. Reference data changes only when the server starts, so it
 * is read at most once every five minutes per database.
 */
export function listCategories({ db }: { db: Database }): Promise<CategoryNode[]> {
  const hit = cache.get(db);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.value;
  const value = load(db);
  cache.set(db, { at: Date.now(), value });
  value.catch(() => cache.delete(db));
  return value;
}

async function load(db: Database): Promise<CategoryNode[]> {
  const rows = await db
    .select()
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.id));
  const top = rows
    .filter((row) => row.parentId === null)
    .map((row) => ({
      id: row.id,
      slug: row.slug,
      name: row.name,
      nameAr: row.nameAr,
      icon: row.icon,
      postable: row.postable,
      subcategories: [] as CategoryNode["subcategories"],
    }));
  const byId = new Map(top.map((node) => [node.id, node]));
  for (const row of rows) {
    if (row.parentId === null) continue;
    byId.get(row.parentId)?.subcategories.push({
      id: row.id,
      slug: row.slug,
      name: row.name,
      nameAr: row.nameAr,
    });
  }
  return top;
}
