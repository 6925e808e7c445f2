import { getCarMake, getCarModels } from "~/db/reference-data/car-makes";
import { getFieldDefinitions } from "~/db/reference-data/field-definitions";
import type { FieldDefinition } from "~/db/reference-data/types";
import type { ListingDetails } from "~/domain/listings/listings-schemas";
import type { Lang } from "~/i18n/config";
import { formatNumber } from "~/i18n/format";
import { localized } from "~/i18n/localized";

export interface SpecItem {
  key: string;
  label: string;
  value: string;
  /** Text the seller wrote (shown with dir="auto"); option labels are ours. */
  userText: boolean;
}

/**
 * The Specifications card's rows, in the category's field order: labels and option values in
 * the page's language, car makes and models by name, numbers with their unit. Blank values and
 * keys the category no longer defines are left out.
 */
export function specItems(lang: Lang, categorySlug: string, details: ListingDetails | null) {
  if (!details) return [];
  const items: SpecItem[] = [];
  for (const definition of getFieldDefinitions(categorySlug)) {
    const raw = details[definition.key];
    if (raw === undefined || raw === null || String(raw).trim() === "") continue;
    const label = localized(lang, definition, "label");
    const value = displayValue(lang, definition, raw, details);
    items.push({ key: definition.key, label, value, userText: definition.type === "text" });
  }
  return items;
}

function displayValue(
  lang: Lang,
  definition: FieldDefinition,
  raw: string | number,
  details: ListingDetails,
): string {
  const text = String(raw).trim();
  if (definition.type === "number") {
    const number = Number(raw);
    const shown = Number.isFinite(number) ? formatNumber(lang, number) : text;
    return definition.unit ? `${shown} ${definition.unit[lang]}` : shown;
  }
  if (definition.type !== "select") return text;
  switch (definition.optionsSource) {
    case "car_makes": {
      const make = getCarMake(text);
      return make ? localized(lang, make) : text;
    }
    case "car_models": {
      const make = String(details[definition.dependsOn ?? "make"] ?? "");
      const model = getCarModels(make).find((option) => option.value === text);
      return model ? localized(lang, model, "label") : text;
    }
    case "years":
      return /^\d+$/.test(text) ? formatNumber(lang, Number(text), { useGrouping: false }) : text;
    default: {
      const option = definition.options?.find((candidate) => candidate.value === text);
      return option ? localized(lang, option, "label") : text;
    }
  }
}
