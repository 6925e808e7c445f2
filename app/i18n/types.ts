type ArabicPluralSuffix = "zero" | "one" | "two" | "few" | "many";

/**
 * The shape an Arabic catalog must have, derived from the English one: every key, and for each
 * English plural (`x_one` + `x_other`) Arabic's six forms (`x_zero` … `x_many` + `x_other`).
 * A missing Arabic text is therefore a type error.
 */
export type LocaleShape<T> = {
  [K in keyof T as K extends `${infer Base}_one`
    ? `${Base}_${ArabicPluralSuffix}`
    : K]: T[K] extends string | number
    ? string
    : T[K] extends readonly (infer Item)[]
      ? LocaleShape<Item>[]
      : LocaleShape<T[K]>;
};
