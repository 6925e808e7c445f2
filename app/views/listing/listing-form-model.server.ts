import { carMakes, getCarMake, getCarModels } from "~/db/reference-data/car-makes";
import { categories } from "~/db/reference-data/categories";
import {
  categorySlugById,
  getFieldDefinitions,
  yearOptions,
} from "~/db/reference-data/field-definitions";
import type { FieldDefinition } from "~/db/reference-data/types";
import type { Lang } from "~/i18n/config";
import { type Bilingual, localized } from "~/i18n/localized";
import { cityGroups } from "~/views/common/city-groups.server";
import {
  DETAIL_PREFIX,
  type FieldView,
  type FormValues,
  type ListingFormModel,
} from "./listing-form-view";

/*
 * What the listing form needs, worked out on the server (loader and action) in the page's
 * language, so the browser never receives the whole reference data and the form works without
 * JavaScript: the category's fields and the chosen make's models come from here.
 */

/** `fieldsFor` is the category whose detail fields the form showed when it was sent. */
const CORE_FIELDS = [
  "title",
  "description",
  "price",
  "categoryId",
  "location",
  "fieldsFor",
] as const;

export function buildFormModel(lang: Lang, values: FormValues): ListingFormModel {
  const categoryId = Number(values.categoryId);
  const postable = categories
    .filter((category) => category.postable)
    .sort((a, b) => a.sortOrder - b.sortOrder);
  const chosen = postable.find((category) => category.id === categoryId);
  const slug = chosen ? categorySlugById(chosen.id) : undefined;
  const definitions = slug ? getFieldDefinitions(slug) : [];
  const freshFields = (values.fieldsFor ?? "") !== (values.categoryId ?? "");
  return {
    freshFields,
    categories: postable.map((category) => ({ id: category.id, name: localized(lang, category) })),
    locations: cityGroups(lang),
    fields: freshFields
      ? initialFields(lang, definitions)
      : definitions.map((definition) => ({
          ...fieldView(lang, definition, values),
          initial: null,
        })),
  };
}

/** The fields as they first appear, each default feeding the next (a default make's models). */
function initialFields(lang: Lang, definitions: FieldDefinition[]): FieldView[] {
  const defaults: FormValues = {};
  return definitions.map((definition) => {
    const view = fieldView(lang, definition, defaults);
    const initial = initialValue(view);
    defaults[`${DETAIL_PREFIX}${definition.key}`] = initial;
    return { ...view, initial };
  });
}

/** Required selects start at their first option and required numbers at 0; others blank. */
function initialValue(field: Omit<FieldView, "initial">) {
  if (!field.required) return "";
  if (field.type === "number") return "0";
  if (field.type === "select" && field.waitsFor === null) return field.options[0]?.value ?? "";
  return "";
}

function fieldView(
  lang: Lang,
  definition: FieldDefinition,
  values: FormValues,
): Omit<FieldView, "initial"> {
  const label = localized(lang, definition, "label");
  const base = {
    key: definition.key,
    label,
    type: definition.type,
    required: definition.required,
    unit: definition.unit ? definition.unit[lang] : null,
    waitsFor: null,
    parent: definition.dependsOn ?? null,
  };
  if (definition.type !== "select") return { ...base, options: [] };
  const pick = (option: Bilingual<"label">) => localized(lang, option, "label");
  switch (definition.optionsSource) {
    case "car_makes":
      return {
        ...base,
        options: carMakes.map((make) => ({ value: make.id, label: localized(lang, make) })),
      };
    case "car_models": {
      const parent = definition.dependsOn ?? "make";
      const make = values[`${DETAIL_PREFIX}${parent}`] ?? "";
      if (!getCarMake(make)) return { ...base, options: [], waitsFor: parent };
      return {
        ...base,
        options: getCarModels(make).map((model) => ({ value: model.value, label: pick(model) })),
      };
    }
    case "years":
      return {
        ...base,
        options: yearOptions().map((option) => ({ value: option.value, label: pick(option) })),
      };
    default:
      return {
        ...base,
        options: (definition.options ?? []).map((option) => ({
          value: option.value,
          label: pick(option),
        })),
      };
  }
}

/** The text values of a submitted form, files and unknown names ignored. */
export function readFormValues(form: FormData): FormValues {
  const values: FormValues = {};
  for (const name of CORE_FIELDS) {
    const value = form.get(name);
    values[name] = typeof value === "string" ? value : "";
  }
  for (const [name, value] of form.entries()) {
    if (name.startsWith(DETAIL_PREFIX) && typeof value === "string" && name.length < 60) {
      values[name] = value;
    }
  }
  return values;
}

/** Stored values as form values (the edit form's prefill). */
export function storedToFormValues(stored: {
  title: string;
  description: string;
  price: number;
  categoryId: number;
  location: string;
  details: Record<string, string | number>;
}): FormValues {
  const values: FormValues = {
    title: stored.title,
    description: stored.description,
    price: String(stored.price),
    categoryId: String(stored.categoryId),
    fieldsFor: String(stored.categoryId),
    location: stored.location,
  };
  for (const [key, value] of Object.entries(stored.details)) {
    values[`${DETAIL_PREFIX}${key}`] = String(value);
  }
  return values;
}

/** A detail field's label in the page's language ("Kilometers"), or its key when unknown. */
export function detailLabel(lang: Lang, categoryId: string, key: string): string {
  const slug = categorySlugById(Number(categoryId));
  const definition = (slug ? getFieldDefinitions(slug) : []).find((field) => field.key === key);
  return definition ? localized(lang, definition, "label") : key;
}
