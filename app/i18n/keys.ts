import type { resources } from "./resources.server";

/*
 * Types only: what `t` accepts, read from the English catalogs (the source of truth; each Arabic
 * catalog `satisfies` their shape). A key that is not in the namespace, or a text's `{{value}}`
 * left out of the options, is a type error at the call. The translator itself (translate.ts) is
 * unchanged: these types cost nothing at run time.
 */

/** The English catalogs by namespace, as the server holds them (`common` with errors and flash). */
export type Catalogs = (typeof resources)["en"];
export type Namespace = keyof Catalogs;

type PluralSuffix = "zero" | "one" | "two" | "few" | "many" | "other";

/**
 * Every text of a catalog as [dotted path, text]. Lists are read with `list`, not `t`. A section
 * a page sends to some readers only (the listing's owner tools) counts as there.
 */
type Texts<T, Prefix extends string = ""> = {
  [K in keyof T & string]-?: NonNullable<T[K]> extends string
    ? [`${Prefix}${K}`, NonNullable<T[K]>]
    : NonNullable<T[K]> extends readonly unknown[]
      ? never
      : Texts<NonNullable<T[K]>, `${Prefix}${K}.`>;
}[keyof T & string];

/** The dotted paths of a catalog's lists (the steps of "How it works", the terms' sections). */
type Lists<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string
    ? never
    : T[K] extends readonly unknown[]
      ? `${Prefix}${K}`
      : Lists<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

type TextsOf<NS extends Namespace> = Texts<Catalogs[NS]>;

/** A plural's forms (`x_one`, `x_other`) are one key, `x`, called with a numeric `count`. */
type KeyOfPath<P> = P extends `${infer Base}_${PluralSuffix}` ? Base : P;

type KeysOf<Entry> = Entry extends [infer Path, string] ? KeyOfPath<Path> : never;

/** The keys `t` accepts in a namespace. */
export type TranslationKey<NS extends Namespace> = KeysOf<TextsOf<NS>>;
/** The keys `list` accepts in a namespace. */
export type ListKey<NS extends Namespace> = Lists<Catalogs[NS]>;

type Trim<S extends string> = S extends ` ${infer R}`
  ? Trim<R>
  : S extends `${infer R} `
    ? Trim<R>
    : S;
type VariablesOf<Text> = Text extends `${string}{{${infer Name}}}${infer Rest}`
  ? Trim<Name> | VariablesOf<Rest>
  : never;

/** The text at exactly this path, if there is one. */
type TextAt<NS extends Namespace, K extends string> =
  TextsOf<NS> extends infer Entry ? (Entry extends [K, infer Text] ? Text : never) : never;
/** A plural's forms at this path (`x_one`, `x_other`…). */
type PluralAt<NS extends Namespace, K extends string> =
  TextsOf<NS> extends infer Entry
    ? Entry extends [`${K}_${PluralSuffix}`, infer Text]
      ? Text
      : never
    : never;

/** What a `{{value}}` is filled with (the translator writes it with String()). */
export type InterpolationValue = string | number;

type OptionsOf<Text, Plural extends boolean> = [VariablesOf<Text>] extends [never]
  ? Plural extends true
    ? [options: { count: number } & Record<string, unknown>]
    : [options?: Record<string, unknown>]
  : [
      options: { [V in VariablesOf<Text>]: InterpolationValue } & (Plural extends true
        ? { count: number }
        : unknown) &
        Record<string, unknown>,
    ];

/**
 * The options for a key: required when its text has `{{values}}` or it is a plural (a text at the
 * key itself wins over plural forms beside it, as in the translator). A key built at the call
 * (`errors.${code}`) is checked key by key: its options are required only when every key it can
 * be needs them, since the compiler cannot know which one it is.
 */
export type TranslationOptions<NS extends Namespace, K extends string> = K extends unknown
  ? [TextAt<NS, K>] extends [never]
    ? OptionsOf<PluralAt<NS, K>, true>
    : OptionsOf<TextAt<NS, K>, false>
  : never;

/**
 * `t` for one namespace: `t("page.count", { count, formatted })`. The namespace is also a
 * (never set) property: TypeScript compares generic functions loosely, and without it a `t` of one
 * namespace would pass where another's is expected.
 *
 * `Sent`, when given, is the part of the catalog the page sends (the type of what its loader's
 * `bundlesFor` or presenter returns, e.g. `ListingPageTexts["listings"]`): a key outside it, which
 * would show as the key itself, is then a type error too.
 */
export type TFunction<NS extends Namespace, Sent = Catalogs[NS]> = (<
  K extends TranslationKey<NS> & KeysOf<Texts<Sent>>,
>(
  key: K,
  ...options: TranslationOptions<NS, K & string>
) => string) & { readonly namespace?: NS };
