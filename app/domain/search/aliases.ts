import { carMakes } from "~/db/reference-data/car-makes";
import { categories } from "~/db/reference-data/categories";
import { getFieldDefinitions } from "~/db/reference-data/field-definitions";
import { cities, governorates } from "~/db/reference-data/regions";
import { searchTerms } from "./normalize";

/*
 * Words that mean the same thing in either script, so a search for "toyota" finds a listing
 * titled only "تويوتا كامري" and "الشام" finds Damascus. The groups come from the reference data
 * (car makes and models with their aliases, cities and governorates with their common names,
 * categories, and the options of every select field — phone brands among them), plus the
 * hand-written groups below. To teach search a new word, add a group here.
 */
export const EXTRA_ALIAS_GROUPS: readonly (readonly string[])[] = [
  ["samsung", "سامسونج", "سامسونغ", "سامسونك", "galaxy", "جالاكسي", "غالاكسي"],
  ["iphone", "ايفون", "آيفون", "أيفون", "apple", "آبل", "ابل"],
  ["ipad", "ايباد", "آيباد"],
  ["huawei", "هواوي", "هواوى"],
  ["xiaomi", "شاومي", "شاومى", "redmi", "ريدمي"],
  ["laptop", "لابتوب", "لاب", "notebook", "كمبيوتر محمول"],
  ["mobile", "موبايل", "جوال", "هاتف", "phone", "تلفون", "تليفون", "smartphone"],
  ["tv", "television", "تلفزيون", "تلفاز", "شاشه"],
  ["car", "سياره", "سيارات", "auto", "automobile", "عربيه"],
  ["flat", "apartment", "شقه", "شقق"],
  ["house", "بيت", "منزل", "دار", "villa", "فيلا"],
  ["rent", "ايجار", "اجار", "للايجار", "rental"],
  ["sale", "بيع", "للبيع", "sell"],
  ["job", "jobs", "وظيفه", "وظايف", "عمل", "شغل", "vacancy"],
  ["furniture", "اثاث", "موبيليا", "عفش"],
  ["sofa", "كنبه", "صوفا", "كنباي"],
  ["bed", "سرير", "تخت"],
  ["fridge", "refrigerator", "براد", "ثلاجه"],
  ["bike", "bicycle", "دراجه", "بسكليت"],
  ["motorcycle", "motorbike", "موتور", "دراجه ناريه", "موتوسيكل"],
  ["new", "جديد", "جديده"],
  ["used", "مستعمل", "مستعمله"],
];

type Group = Set<string>;

/** Each single word's alternatives (itself included), all normalised and stemmed. */
let index: Map<string, Set<string>> | undefined;

function groupsFromReferenceData(): string[][] {
  const groups: string[][] = [];
  for (const make of carMakes) {
    groups.push([make.name, make.nameAr, ...make.aliases]);
    for (const model of make.models) {
      if (model.value !== "other") groups.push([model.label, model.labelAr]);
    }
  }
  for (const city of cities) groups.push([city.name, city.nameAr, ...city.aliases]);
  for (const governorate of governorates) groups.push([governorate.name, governorate.nameAr]);
  for (const category of categories) {
    groups.push([category.name, category.nameAr, category.slug]);
    for (const sub of category.subcategories) groups.push([sub.name, sub.nameAr]);
    for (const field of getFieldDefinitions(category.slug)) {
      for (const option of field.options ?? []) groups.push([option.label, option.labelAr]);
    }
  }
  return groups;
}

function buildIndex() {
  const built = new Map<string, Set<string>>();
  for (const names of [...groupsFromReferenceData(), ...EXTRA_ALIAS_GROUPS]) {
    // Only one-word names stand for a word: "Land Cruiser" must not make "land" mean a car.
    const words: Group = new Set(
      names.map((name) => searchTerms(name)).flatMap((terms) => (terms.length === 1 ? terms : [])),
    );
    if (words.size < 2) continue;
    for (const word of words) {
      const alternatives = built.get(word) ?? new Set([word]);
      for (const other of words) alternatives.add(other);
      built.set(word, alternatives);
    }
  }
  return built;
}

/** A query word and the words that mean the same in the other script or spelling. */
export function alternativesOf(term: string): string[] {
  index ??= buildIndex();
  return [...(index.get(term) ?? [term])];
}
