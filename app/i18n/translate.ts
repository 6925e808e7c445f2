import type { Lang } from "./config";

/**
 * Souqna's translator, on the server and in the browser: a key (dots walk into the catalog), then
 * `{{name}}` filled from the options, and with a numeric `count` the language's plural form
 * (`key_one`, `key_few`, … by Intl.PluralRules, then `key_other`). An unknown key is returned as
 * it is, so a missing text shows up instead of an empty space. That is all our catalogs use; a
 * general i18n library cost 17 KB of every page's JavaScript and a share of each request's time.
 */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

const pluralRules = new Map<Lang, Intl.PluralRules>();

function pluralOf(lang: Lang, count: number) {
  let rules = pluralRules.get(lang);
  if (!rules) {
    rules = new Intl.PluralRules(lang);
    pluralRules.set(lang, rules);
  }
  return rules.select(count);
}

function walk(catalog: unknown, key: string): unknown {
  let node = catalog;
  for (const part of key.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

function lookup(catalog: unknown, key: string): string | undefined {
  const node = walk(catalog, key);
  return typeof node === "string" ? node : undefined;
}

function interpolate(text: string, values: Record<string, unknown>) {
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (match, name: string) => {
    const value = values[name];
    return value === undefined || value === null ? match : String(value);
  });
}

export function translator(lang: Lang, catalog: object | undefined): Translate {
  return (key, options) => {
    const count = options?.count;
    let text: string | undefined;
    if (typeof count === "number") {
      text = lookup(catalog, `${key}_${pluralOf(lang, count)}`) ?? lookup(catalog, `${key}_other`);
    }
    text ??= lookup(catalog, key);
    if (text === undefined) return key;
    return options ? interpolate(text, options) : text;
  };
}

function interpolateDeep(node: unknown, values: Record<string, unknown>): unknown {
  if (typeof node === "string") return interpolate(node, values);
  if (Array.isArray(node)) return node.map((item) => interpolateDeep(item, values));
  if (node && typeof node === "object") {
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => [key, interpolateDeep(value, values)]),
    );
  }
  return node;
}

/**
 * A list in the catalog (the steps of "How it works", the sections of the terms), its texts
 * filled from `options`; empty when the key is not a list.
 */
export function listOf<T>(
  catalog: object | undefined,
  key: string,
  options: Record<string, unknown> = {},
): T[] {
  const node = walk(catalog, key);
  return Array.isArray(node) ? (interpolateDeep(node, options) as T[]) : [];
}
