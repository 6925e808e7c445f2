import { cities, governorates } from "~/db/reference-data/regions";
import type { Lang } from "~/i18n/config";
import { type Bilingual, localized } from "~/i18n/localized";

export interface CityGroup {
  id: string;
  label: string;
  cities: { id: string; label: string }[];
}

/**
 * The cities of a location select (CityOptions), grouped by governorate in the governorates'
 * order, each group's cities in the alphabetical order of the page's language. `label` names a
 * place; by default its name in the page's language. Built on the server: the browser gets only
 * the groups it draws, never the reference data.
 */
export function cityGroups(
  lang: Lang,
  label = (place: Bilingual<"name">) => localized(lang, place),
): CityGroup[] {
  const collator = new Intl.Collator(lang === "ar" ? "ar" : "en");
  return [...governorates]
    .sort((a, b) => a.sortOrder - b.sortOrder)
    .map((governorate) => ({
      id: governorate.id,
      label: label(governorate),
      cities: cities
        .filter((city) => city.governorateId === governorate.id)
        .sort((a, b) => collator.compare(localized(lang, a), localized(lang, b)))
        .map((city) => ({ id: city.id, label: label(city) })),
    }))
    .filter((group) => group.cities.length > 0);
}

/** A stored city id's city and governorate, or null when the id names no city. */
export function findCity(cityId: string | null | undefined) {
  const city = cities.find((candidate) => candidate.id === cityId);
  if (!city) return null;
  const governorate = governorates.find((candidate) => candidate.id === city.governorateId);
  return { city, governorate: governorate ?? null };
}
