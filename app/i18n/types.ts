type ArabicPluralSuffix = "zero" | "one" | "two" | "few" | "many";

/**
 * The shape an Arabic catalog must have, derived from the English one: every key, and for each
 * English plural (`x_one` + `x_other`) Arabic's six forms (`x_zero` … `x_many` + `x_other`).
 * A missing Arabic text is therefore a type error.
 */
export type LocaleShape<T> = {
  [K in keyof T as K extends `${infer Base}_one` ? `${Base}_${ArabicPluralSuffix}` : K]: TextShape<
    T[K]
  >;
};

type TextShape<V> = V extends string | number
  ? string
  : V extends readonly (infer Item)[]
    ? TextShape<Item>[]
    : LocaleShape<V>;

/**
 * A catalog's type with its texts as plain strings: the English catalogs are `as const` (so that
 * `t` can check a key's `{{values}}`), and a value of either language fits this.
 */
export type Widened<T> = T extends string
  ? string
  : T extends readonly (infer Item)[]
    ? readonly Widened<Item>[]
    : { readonly [K in keyof T]: Widened<T[K]> };
