/*
 * What the listing form does with a draft it did not write itself: the one found when the page
 * opens, or another tab's (a `storage` event). Pure, so the rule is tested without a browser.
 *
 * The rule: a draft is put in by itself only while the form is untouched since the page opened
 * (nothing typed, chosen or picked, not even before the page's code ran). Once the person has
 * touched it, a draft never overwrites what they typed: it is offered ("Restore draft"), and
 * taking it is their choice.
 */

import { type Draft, type DraftValues, sameValues } from "./draft-storage";

export type DraftDecision =
  /** Nothing to do: no draft, or a draft of the form as the server drew it. */
  | "none"
  /** The form already shows this draft. */
  | "same"
  /** Put it in: nobody has touched the form. */
  | "apply"
  /** Offer it: the person has typed; their text stays. */
  | "offer";

export interface FormNow {
  /** The form's values now. */
  current: DraftValues;
  /** The values the server drew the form with. */
  initial: DraftValues;
  /** The person typed, chose or picked something since the page opened. */
  touched: boolean;
}

export function decideDraft(
  draft: Draft | null,
  { current, initial, touched }: FormNow,
): DraftDecision {
  if (!draft) return "none";
  if (sameValues(draft.values, current)) return "same";
  if (sameValues(draft.values, initial)) return "none";
  return touched ? "offer" : "apply";
}

const isDetail = (name: string) => name.startsWith("detail.");

/**
 * The values to keep while a restore still waits for its category's fields: the form's, with the
 * draft's details that are not in it yet — except those the person has touched meanwhile, and
 * none at all once they chose another category (the draft's details are not for it).
 */
export function withPendingDetails(
  current: DraftValues,
  draft: DraftValues,
  touched: ReadonlySet<string>,
): DraftValues {
  if (touched.has("categoryId")) return current;
  const values = { ...current };
  for (const [name, value] of Object.entries(draft)) {
    if (isDetail(name) && !touched.has(name)) values[name] = value;
  }
  return values;
}

/** The draft's details a finished restore still puts in: the ones the person has not touched. */
export function detailsToApply(draft: DraftValues, touched: ReadonlySet<string>) {
  if (touched.has("categoryId")) return [];
  return Object.entries(draft).filter(([name]) => isDetail(name) && !touched.has(name));
}
