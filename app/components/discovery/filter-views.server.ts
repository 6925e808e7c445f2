import { carMakes, getCarModels } from "~/db/reference-data/car-makes";
import { categories } from "~/db/reference-data/categories";
import type { FieldDefinition } from "~/db/reference-data/types";
import type { Lang } from "~/i18n/config";
import { type Bilingual, localized } from "~/i18n/localized";
import type { FilterView } from "./filter-panel";

/** The category's filters as the panel draws them, from the single field definitions. */
export function filterViews(lang: Lang, fields: FieldDefinition[], exact: Record<string, string>) {
  const pick = (option: Bilingual<"label">) => localized(lang, option, "label");
  return fields.flatMap((field): FilterView[] => {
    const label = localized(lang, field, "label");
    const filter = field.filter;
    if (!filter) return [];
    if (filter.kind === "range") {
      return [
        { ...filter, kind: "range", key: field.key, label, abbreviate: field.key !== "year" },
      ];
    }
    if (field.optionsSource === "car_makes") {
      const options = carMakes.map((make) => ({ value: make.id, label: localized(lang, make) }));
      return [{ kind: "select", key: field.key, label, options, waitsFor: null }];
    }
    if (field.optionsSource === "car_models") {
      const make = exact[field.dependsOn ?? "make"];
      const options = make
        ? getCarModels(make).map((model) => ({ value: model.value, label: pick(model) }))
        : [];
      return [{ kind: "select", key: field.key, label, options, waitsFor: make ? null : "make" }];
    }
    const options = (field.options ?? []).map((option) => ({
      value: option.value,
      label: pick(option),
    }));
    return [{ kind: "select", key: field.key, label, options, waitsFor: null }];
  });
}

/** The search page's category select: every top-level category, named in the page's language. */
export function categoryOptions(lang: Lang) {
  return categories.map((category) => ({ id: category.id, name: localized(lang, category) }));
}
