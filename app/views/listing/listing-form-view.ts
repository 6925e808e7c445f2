import type { FieldDefinition } from "~/db/reference-data/types";
import type { FormReply } from "~/utils/form-reply";

/*
 * The listing form's shapes, shared by the server (app/views/listing/listing-form-model.server.ts
 * works them out) and the browser (listing-form.tsx draws them). Apart from this module, which
 * holds no data, the form's JavaScript imports nothing of the reference data: the car makes,
 * their models and every category's fields reach the browser only as the chosen category's
 * fields, in the loader's data or from /api/listing-form.
 */

export interface FieldView {
  key: string;
  label: string;
  type: FieldDefinition["type"];
  required: boolean;
  unit: string | null;
  /** Select options; empty for a model select before a make is chosen. */
  options: { value: string; label: string }[];
  /** The model select waits for a make. */
  waitsFor: string | null;
  /** The field whose value decides this one's options (the model's make). */
  parent: string | null;
  /**
   * The value to show when the category's fields first appear (spec "Form modes"): a required
   * select's first option, 0 for a required number, else "". Null once the fields were shown.
   */
  initial: string | null;
}

export interface ListingFormModel {
  /** The chosen category's fields appear for the first time: old details are reset. */
  freshFields: boolean;
  categories: { id: number; name: string }[];
  locations: { id: string; label: string; cities: { id: string; label: string }[] }[];
  fields: FieldView[];
}

/** The form's text values; detail fields are named `detail.<key>`. */
export type FormValues = Record<string, string>;

export const DETAIL_PREFIX = "detail.";

/**
 * What the page's action answers when the form comes back (a refresh, or a save that failed):
 * the form's reply (values and messages, the one shape every form answers with), the fields of
 * the category chosen in it, and whether photos were sent (they must be chosen again).
 */
export interface ListingFormResult {
  reply: FormReply;
  model: ListingFormModel;
  filesLost: boolean;
}

/** The values a reply sends back, as the form's field names (`detail: {make}` → `detail.make`). */
export function formValuesOf(reply: FormReply): FormValues {
  const values: FormValues = {};
  for (const [name, value] of Object.entries(reply.initialValue ?? {})) {
    if (typeof value === "string") values[name] = value;
    else if (name === "detail" && value && typeof value === "object" && !Array.isArray(value)) {
      for (const [key, detail] of Object.entries(value)) {
        if (typeof detail === "string") values[`${DETAIL_PREFIX}${key}`] = detail;
      }
    }
  }
  return values;
}
