import { carMakes, getCarModels } from "~/db/reference-data/car-makes";
import { categories } from "~/db/reference-data/categories";
import { getFieldDefinitions } from "~/db/reference-data/field-definitions";
import { cities, governorates } from "~/db/reference-data/regions";
import { SEARCH_VERSION, searchDocument } from "./normalize";

export interface SearchableListing {
  title: string;
  titleAr: string;
  description: string;
  descriptionAr: string;
  cityId: string | null;
  location: string;
  locationAr: string;
  categoryId: number;
  details?: Record<string, string | number> | null;
}

/**
 * The stored search columns of a listing: its own words plus, in both languages, its city and
 * governorate, its category, and the labels of the options chosen in its details (so "toyota"
 * finds a car whose seller only chose Toyota in the make list).
 */
export function listingSearchColumns(listing: SearchableListing) {
  const parts = [
    listing.title,
    listing.titleAr,
    listing.description,
    listing.descriptionAr,
    listing.location,
    listing.locationAr,
  ];
  const city = cities.find((candidate) => candidate.id === listing.cityId);
  if (city) {
    parts.push(city.name, city.nameAr);
    const governorate = governorates.find((candidate) => candidate.id === city.governorateId);
    if (governorate) parts.push(governorate.name, governorate.nameAr);
  }
  const category = categories.find((candidate) => candidate.id === listing.categoryId);
  if (category) {
    parts.push(category.name, category.nameAr);
    const details = listing.details ?? {};
    for (const field of getFieldDefinitions(category.slug)) {
      const value = details[field.key];
      if (value === undefined || value === "" || field.type !== "select") continue;
      const chosen = String(value);
      if (field.optionsSource === "car_makes") {
        const make = carMakes.find((candidate) => candidate.id === chosen);
        if (make) parts.push(make.name, make.nameAr);
      } else if (field.optionsSource === "car_models") {
        const model = getCarModels(String(details.make ?? "")).find((m) => m.value === chosen);
        if (model && model.value !== "other") parts.push(model.label, model.labelAr);
      } else if (field.optionsSource === "years") {
        parts.push(chosen);
      } else {
        const option = field.options?.find((candidate) => candidate.value === chosen);
        if (option && option.value !== "other") parts.push(option.label, option.labelAr);
      }
    }
  }
  return { searchText: searchDocument(parts), searchVersion: SEARCH_VERSION };
}
