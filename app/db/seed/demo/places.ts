import { cities } from "../../reference-data/regions";
import type { CityRef } from "../../reference-data/types";
import type { Dice } from "./random";

/* Where demo listings and members are: weighted towards the cities Syrians post from. */

export interface Place {
  city: CityRef;
  hood?: { en: string; ar: string };
}

// Where Syrians actually post: the big cities dominate, every other town gets a trickle.
const CITY_WEIGHTS: Record<string, number> = {
  damascus: 30,
  aleppo: 16,
  homs: 8,
  latakia: 8,
  hama: 5,
  tartus: 4,
  jaramana: 4,
  "al-suwayda": 2,
  daraa: 2,
  "deir-ez-zor": 2,
  qamishli: 2,
  idlib: 2,
  sahnaya: 2,
  qudsaya: 2,
  baniyas: 1.5,
  jableh: 1.5,
  salamiyah: 1.5,
};

const NEIGHBOURHOODS: Record<string, [en: string, ar: string][]> = {
  damascus: [
    ["Mezzeh", "المزة"],
    ["Malki", "المالكي"],
    ["Abu Rummaneh", "أبو رمانة"],
    ["Kafr Sousa", "كفرسوسة"],
    ["Mashrou Dummar", "مشروع دمر"],
    ["Midan", "الميدان"],
    ["Bab Touma", "باب توما"],
    ["Rukn al-Din", "ركن الدين"],
    ["Baramkeh", "البرامكة"],
    ["Qassaa", "القصاع"],
    ["Shaalan", "الشعلان"],
    ["Muhajreen", "المهاجرين"],
    ["Barzeh", "برزة"],
    ["Mezzeh 86", "المزة ٨٦"],
    ["Tijara", "التجارة"],
    ["Qudsaya Suburb", "ضاحية قدسيا"],
  ],
  aleppo: [
    ["Furqan", "الفرقان"],
    ["Shahba", "الشهباء"],
    ["Jamiliyeh", "الجميلية"],
    ["New Aleppo", "حلب الجديدة"],
    ["Sabil", "السبيل"],
    ["Muhafaza", "المحافظة"],
    ["Aziziyeh", "العزيزية"],
    ["Hamdaniyeh", "الحمدانية"],
    ["Midan", "الميدان"],
  ],
  homs: [
    ["Inshaat", "الإنشاءات"],
    ["Al-Waer", "الوعر"],
    ["Ghouta", "الغوطة"],
    ["Hamra", "الحمرا"],
    ["Akrama", "عكرمة"],
    ["Zahraa", "الزهراء"],
  ],
  latakia: [
    ["Ziraa", "الزراعة"],
    ["Northern Raml", "الرمل الشمالي"],
    ["Saliba", "الصليبة"],
    ["Sheikh Daher", "الشيخ ضاهر"],
    ["American quarter", "الأمريكان"],
    ["Mashrou al-Ziraa", "مشروع الزراعة"],
  ],
  hama: [
    ["Hader", "الحاضر"],
    ["Aleppo Road", "طريق حلب"],
    ["Al-Baath", "البعث"],
    ["Arbaeen", "الأربعين"],
  ],
  tartus: [
    ["Corniche", "الكورنيش البحري"],
    ["Al-Mashta", "المشتى"],
    ["Al-Ghamqa", "الغمقة"],
  ],
  jaramana: [
    ["Al-Nasim", "النسيم"],
    ["Al-Rawda", "الروضة"],
  ],
};

export const PLACES: [CityRef, number][] = cities.map((city) => [
  city,
  CITY_WEIGHTS[city.id] ?? 0.25,
]);

export function pickPlace(d: Dice): Place {
  const city = d.weighted(PLACES);
  const hoods = NEIGHBOURHOODS[city.id];
  if (!hoods || d.chance(0.15)) return { city };
  const [en, ar] = d.pick(hoods);
  return { city, hood: { en, ar } };
}

/** "Mezzeh, Damascus" or just "Damascus". */
export function whereEn(place: Place) {
  return place.hood ? `${place.hood.en}, ${place.city.name}` : place.city.name;
}
export function whereAr(place: Place) {
  return place.hood ? `${place.hood.ar}، ${place.city.nameAr}` : place.city.nameAr;
}
/** The neighbourhood when there is one, else the city. */
export function spotEn(place: Place) {
  return place.hood?.en ?? place.city.name;
}
export function spotAr(place: Place) {
  return place.hood?.ar ?? place.city.nameAr;
}
