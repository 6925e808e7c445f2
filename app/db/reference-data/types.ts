export type CategorySlug =
  | "motors"
  | "property"
  | "jobs"
  | "electronics"
  | "furniture"
  | "fashion"
  | "services"
  | "community";

export interface Bilingual {
  en: string;
  ar: string;
}

export interface SubcategoryRef {
  id: number;
  slug: string;
  // Stored explicitly (not implied by nesting) so rows can be synced to the flat categories table.
  parentId: number;
  name: string;
  nameAr: string;
}

export interface CategoryRef {
  id: number;
  slug: CategorySlug;
  name: string;
  nameAr: string;
  icon: string;
  postable: boolean;
  sortOrder: number;
  subcategories: SubcategoryRef[];
}

export interface GovernorateRef {
  id: string;
  name: string;
  nameAr: string;
  sortOrder: number;
}

export interface CityRef {
  id: string;
  name: string;
  nameAr: string;
  governorateId: string;
  aliases: string[];
  population?: number;
}

export interface CarModelRef {
  value: string;
  label: string;
  labelAr: string;
  sortOrder: number;
}

/** A model with its make, as stored in the flat car_models table. */
export interface CarModelRow extends CarModelRef {
  makeId: string;
}

export interface CarMakeRef {
  id: string;
  name: string;
  nameAr: string;
  aliases: string[];
  sortOrder: number;
  models: CarModelRef[];
}

export interface FieldOption {
  value: string;
  label: string;
  labelAr: string;
}

export type FieldFilter =
  | { kind: "exact" }
  | {
      kind: "range";
      min: number;
      max: number;
      step: number;
      defaultMin: number;
      defaultMax: number;
    };

export interface FieldDefinition {
  key: string;
  label: string;
  labelAr: string;
  type: "select" | "number" | "text";
  required: boolean;
  unit?: Bilingual;
  options?: FieldOption[];
  optionsSource?: "car_makes" | "car_models" | "years";
  dependsOn?: string;
  filter?: FieldFilter;
  chipPriority?: number;
  min?: number;
  max?: number;
}
