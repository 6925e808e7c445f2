import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { inArray, sql } from "drizzle-orm";
import sharp from "sharp";
import { filterColumnsOf } from "../../domain/discovery/filter-columns";
import { listingSearchColumns } from "../../domain/search/listing-document";
import type { Database } from "../client.server";
import { carMakes } from "../reference-data/car-makes";
import { cities } from "../reference-data/regions";
import type { CarMakeRef, CategorySlug, CityRef } from "../reference-data/types";
import { type listingDetails, type listingImages, listings, profiles, users } from "../schema";

/*
 * Demo data that reads like Souqna's real market: Syrian sellers writing in Arabic, English or
 * both, with the spelling habits search has to cope with (ه for ة, ا for أ, Arabic-Indic digits,
 * the odd tatweel). Text content comes from the PRNG so a seed gives the same market every time;
 * row ids come from crypto.randomUUID() so a second run adds listings instead of colliding.
 */

export interface SeedLogger {
  info(obj: object, msg?: string): void;
}

export interface SeedDemoOptions {
  db: Database;
  dataDir: string;
  count: number;
  now?: Date;
  random?: () => number;
  logger?: SeedLogger;
}

export interface SeedDemoResult {
  listings: number;
  /** Demo members created by this run; existing ones are reused and not counted. */
  members: number;
  ms: number;
}

const DEFAULT_SEED = 20_260_101;
const DAY_MS = 24 * 60 * 60 * 1000;
const LISTING_AGE_DAYS = 60;
// ~17 parameters a listing row: 1,000 rows stay far below PostgreSQL's 65,535 bind parameters,
// and bigger statements stopped paying off on PGlite.
const CHUNK_SIZE = 1000;
const PROGRESS_EVERY = 10_000;
const USD = 120;

export const DEMO_IMAGE_WIDTHS = [320, 640, 1280] as const;
const IMAGES_PER_CATEGORY = 8;

/** A small, fast, seedable PRNG (mulberry32): plenty for demo data, not for anything secret. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

class Dice {
  constructor(private readonly random: () => number) {}

  next() {
    // Guards against a caller's random() returning exactly 1.
    return Math.min(this.random(), 0.999_999_999);
  }
  float(min: number, max: number) {
    return min + (max - min) * this.next();
  }
  /** Inclusive of both ends. */
  int(min: number, max: number) {
    return Math.floor(this.float(min, max + 1));
  }
  chance(p: number) {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, weight] of items) total += weight;
    let r = this.next() * total;
    for (const [item, weight] of items) {
      r -= weight;
      if (r < 0) return item;
    }
    return items[items.length - 1]![0];
  }
  /** Up to n distinct items, in random order. */
  sample<T>(items: readonly T[], n: number): T[] {
    const copy = [...items];
    const out: T[] = [];
    while (out.length < n && copy.length > 0) {
      out.push(copy.splice(Math.floor(this.next() * copy.length), 1)[0]!);
    }
    return out;
  }
}

// ---------------------------------------------------------------------------------------------
// Places

interface Place {
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

const PLACES = (() => {
  const weighted: [Place["city"], number][] = cities.map((city) => [
    city,
    CITY_WEIGHTS[city.id] ?? 0.25,
  ]);
  return weighted;
})();

function pickPlace(d: Dice): Place {
  const city = d.weighted(PLACES);
  const hoods = NEIGHBOURHOODS[city.id];
  if (!hoods || d.chance(0.15)) return { city };
  const [en, ar] = d.pick(hoods);
  return { city, hood: { en, ar } };
}

// ---------------------------------------------------------------------------------------------
// Arabic and English writing habits

const ARABIC_DIGITS = "٠١٢٣٤٥٦٧٨٩";

function toArabicDigits(text: string) {
  // Model numbers glued to Latin letters (S22, i7, M1) stay as typed.
  return text.replace(/(?<![A-Za-z0-9])[0-9]+(?![A-Za-z0-9])/g, (digits) =>
    digits.replace(/[0-9]/g, (digit) => ARABIC_DIGITS[Number(digit)]!),
  );
}

const TATWEEL: Record<string, string> = {
  للبيع: "للبيـــع",
  عاجل: "عاجـــل",
  نظيف: "نظيـــف",
  مطلوب: "مطلـــوب",
  فرصة: "فرصـــة",
  جديد: "جديـــد",
  للإيجار: "للإيجـــار",
  ممتازة: "ممتـــازة",
};

const HARAKAT: Record<string, string> = {
  للبيع: "لِلبَيْع",
  جديد: "جَدِيد",
  نظيف: "نَظِيف",
  سيارة: "سَيَّارَة",
  شقة: "شُقَّة",
  ممتازة: "مُمْتَازَة",
  مطلوب: "مَطْلُوب",
  للإيجار: "لِلإِيجَار",
};

interface ArabicStyle {
  digits: boolean;
  hamza: boolean;
  taMarbuta: boolean;
  alefMaqsura: boolean;
  tatweel: boolean;
  harakat: boolean;
}

function pickArabicStyle(d: Dice): ArabicStyle {
  return {
    digits: d.chance(0.2),
    hamza: d.chance(0.3),
    taMarbuta: d.chance(0.2),
    alefMaqsura: d.chance(0.07),
    tatweel: d.chance(0.03),
    harakat: d.chance(0.02),
  };
}

function replaceFirstWord(text: string, table: Record<string, string>) {
  for (const [word, styled] of Object.entries(table)) {
    const at = text.indexOf(word);
    if (at >= 0) return text.slice(0, at) + styled + text.slice(at + word.length);
  }
  return text;
}

const WORD_END = "(?=[\\s.,،!؟:)\\-]|$)";

function styleArabic(text: string, style: ArabicStyle, isTitle: boolean) {
  let out = text;
  if (isTitle && style.tatweel) out = replaceFirstWord(out, TATWEEL);
  if (isTitle && style.harakat) out = replaceFirstWord(out, HARAKAT);
  if (style.hamza) out = out.replace(/[أإآ]/g, "ا");
  if (style.taMarbuta) out = out.replace(new RegExp(`ة${WORD_END}`, "g"), "ه");
  if (style.alefMaqsura) out = out.replace(new RegExp(`ي${WORD_END}`, "g"), "ى");
  if (style.digits) out = toArabicDigits(out);
  return out;
}

function groupThousands(n: number) {
  return n.toLocaleString("en-US");
}

function roundTo(value: number, step: number) {
  return Math.max(step, Math.round(value / step) * step);
}

/** Price steps a seller would type: 500s for small sums, then 1,000s, 5,000s, 50,000s… */
function roundPrice(value: number) {
  if (value < 10_000) return roundTo(value, 500);
  if (value < 100_000) return roundTo(value, 1_000);
  if (value < 1_000_000) return roundTo(value, 5_000);
  if (value < 5_000_000) return roundTo(value, 10_000);
  return roundTo(value, 50_000);
}

function priceFromUsd(d: Dice, usd: readonly [number, number], bounds: readonly [number, number]) {
  const raw = d.float(usd[0], usd[1]) * USD;
  return clampPrice(roundPrice(raw), bounds);
}

function clampPrice(price: number, [min, max]: readonly [number, number]) {
  return Math.min(max, Math.max(min, price));
}

// ---------------------------------------------------------------------------------------------
// Listing drafts per category

type TextLang = "ar" | "en";
type LangMode = "ar" | "en" | "both";

interface Ctx {
  d: Dice;
  place: Place;
  mode: LangMode;
  /** Language of free-text detail values (job role, company…) when the listing has both. */
  textLang: TextLang;
  year: number;
}

interface Draft {
  categoryId: number;
  subcategoryId: number | null;
  image: ImageCategory;
  titleEn: string;
  titleAr: string;
  descEn: string[];
  descAr: string[];
  details: Record<string, string | number>;
  price: number;
}

function whereEn(place: Place) {
  return place.hood ? `${place.hood.en}, ${place.city.name}` : place.city.name;
}
function whereAr(place: Place) {
  return place.hood ? `${place.hood.ar}، ${place.city.nameAr}` : place.city.nameAr;
}
function spotEn(place: Place) {
  return place.hood?.en ?? place.city.name;
}
function spotAr(place: Place) {
  return place.hood?.ar ?? place.city.nameAr;
}

/** Optional detail fields are filled by some sellers and skipped by others. */
function maybe<T>(d: Dice, p: number, value: () => T): T | undefined {
  return d.chance(p) ? value() : undefined;
}

function compact(details: Record<string, string | number | undefined>) {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(details)) if (value !== undefined) out[key] = value;
  return out;
}

// Motors -----------------------------------------------------------------------------------

const LUXURY = new Set([
  "mercedes-benz",
  "bmw",
  "audi",
  "lexus",
  "land-rover",
  "porsche",
  "cadillac",
  "infiniti",
  "volvo",
]);
const MID = new Set([
  "toyota",
  "nissan",
  "honda",
  "mazda",
  "mitsubishi",
  "volkswagen",
  "jeep",
  "gmc",
  "ford",
  "dodge",
  "chrysler",
  "subaru",
  "skoda",
  "seat",
  "peugeot",
  "renault",
  "citroen",
  "opel",
  "chevrolet",
]);

// The reference lists makes most common first; weight falls off along that order.
const MAKE_WEIGHTS: [CarMakeRef, number][] = carMakes.map((make) => [
  make,
  make.id === "other" ? 0.3 : 10 / make.sortOrder ** 0.9,
]);

function makeNameAr(d: Dice, make: CarMakeRef) {
  const arabicAliases = make.aliases.filter((alias) => /[\u0600-\u06ff]/.test(alias));
  return arabicAliases.length > 0 && d.chance(0.15) ? d.pick(arabicAliases) : make.nameAr;
}

function makeNameEn(d: Dice, make: CarMakeRef) {
  const latinAliases = make.aliases.filter((alias) => /^[A-Za-z-]+$/.test(alias));
  return latinAliases.length > 0 && d.chance(0.05) ? d.pick(latinAliases) : make.name;
}

function pickModel(d: Dice, make: CarMakeRef) {
  const named = make.models.filter((model) => model.value !== "other");
  if (named.length > 0 && d.chance(0.96)) return d.pick(named);
  return make.models.find((model) => model.value === "other") ?? make.models[0]!;
}

function carYear(d: Dice, year: number) {
  // Syria's fleet is old: most cars on sale are 5–20 years old.
  return Math.max(1985, year - Math.floor(32 * d.next() ** 1.5));
}

function regionalSpecs(d: Dice, make: CarMakeRef) {
  if (["kia", "hyundai", "daewoo"].includes(make.id)) return d.chance(0.6) ? "korean" : "gcc";
  if (["toyota", "nissan", "mitsubishi", "mazda", "honda", "suzuki", "lexus"].includes(make.id))
    return d.chance(0.5) ? "japanese" : "gcc";
  if (["ford", "chevrolet", "jeep", "dodge", "gmc", "chrysler", "cadillac"].includes(make.id))
    return d.chance(0.6) ? "american" : "gcc";
  return d.weighted([
    ["european", 4],
    ["gcc", 3],
    ["other", 1],
  ] as const);
}

const CAR_SENTENCES_AR = [
  "السيارة بحالة ممتازة، بدون حوادث.",
  "ماشية {km} كم فقط.",
  "جمرك ومسجلة، الأوراق نظامية.",
  "فحص كامل، المحرك والجير بحالة ممتازة.",
  "السعر قابل للتفاوض بشي بسيط.",
  "للجادين فقط، الرجاء عدم الإزعاج.",
  "الصيانة دورية بالوكالة.",
  "مكيف شغال، فرش جلد، شاشة وكاميرا خلفية.",
  "بداعي السفر.",
  "دواليب جديدة وبطارية جديدة.",
  "دهان وكالة بالكامل، بدون ضربات.",
  "قابلة للفحص عند أي ميكانيكي.",
  "المعاينة في {city}.",
];
const CAR_SENTENCES_EN = [
  "Car is in excellent condition, no accidents.",
  "Only {km} km on the clock.",
  "Customs cleared and registered, all papers in order.",
  "Engine and gearbox in perfect shape.",
  "Price slightly negotiable.",
  "Serious buyers only please.",
  "Regular service history at the dealer.",
  "A/C works, leather seats, screen and rear camera.",
  "Selling because I am travelling.",
  "New tyres and a new battery.",
  "Original paint, no dents.",
  "You are welcome to have it checked by any mechanic.",
  "Viewing in {city}.",
];

function car(ctx: Ctx): Draft {
  const { d, year: thisYear } = ctx;
  const make = d.weighted(MAKE_WEIGHTS);
  const model = pickModel(d, make);
  const year = carYear(d, thisYear);
  const age = thisYear - year;
  const condition = age <= 1 && d.chance(0.6) ? "new" : d.chance(0.03) ? "scrap" : "used";
  const km =
    condition === "new"
      ? d.int(0, 20) * 50
      : Math.min(
          roundTo(age * d.int(7_000, 22_000) + d.int(2_000, 15_000), 1_000),
          d.int(250, 420) * 1_000,
        );
  const tier = LUXURY.has(make.id) ? 2.3 : MID.has(make.id) ? 1.35 : 1;
  // Old cars hold their value in Syria: imports were closed for years.
  const depreciation = 3.2 * 0.88 ** age + 0.7;
  let usd = 6_000 * tier * depreciation * d.float(0.85, 1.15);
  if (condition === "scrap") usd *= 0.4;
  // Real ceilings are soft: cap with a little jitter instead of piling listings on one number.
  const price = clampPrice(roundPrice(usd * USD), [400_000, d.int(3_500, 4_000) * 1_000]);

  const other = make.id === "other";
  const mEn = other ? "" : makeNameEn(d, make);
  const mAr = other ? "" : makeNameAr(d, make);
  const modelEn = model.value === "other" ? "" : model.label;
  const modelAr = model.value === "other" ? "" : model.labelAr;
  // Some model labels already carry the make ("Mazda 3"), and nobody writes "Mazda Mazda 3".
  const nameEn =
    (modelEn.startsWith(make.name) ? modelEn : [mEn, modelEn].filter(Boolean).join(" ")) || "Car";
  const nameAr =
    (modelAr.startsWith(make.nameAr) ? modelAr : [mAr, modelAr].filter(Boolean).join(" ")) ||
    "سيارة";
  const kmText = groupThousands(km);

  const titleEn = d.pick([
    `${nameEn} ${year} for sale, excellent condition`,
    `${nameEn} ${year} – ${kmText} km`,
    `For sale: ${nameEn}, model ${year}`,
    `${year} ${nameEn}, automatic, full options`,
    `${nameEn} ${year} clean, first owner`,
    condition === "new"
      ? `Brand new ${nameEn} ${year}, zero km`
      : `${nameEn} ${year} in good condition`,
    condition === "scrap"
      ? `${nameEn} ${year} for scrap / parts`
      : `${nameEn} ${year}, ${spotEn(ctx.place)}`,
  ]);
  const titleAr = d.pick([
    `${nameAr} ${year} فل كامل نظافة`,
    `سيارة ${nameAr} موديل ${year} للبيع`,
    `للبيع ${nameAr} ${year} بحالة ممتازة`,
    `${nameAr} ${year} أوتوماتيك فل أوبشن`,
    `${nameAr} موديل ${year} مكيفة ونظيفة`,
    `سيارة ${nameAr} ${year} للبيع بداعي السفر`,
    condition === "new" ? `${nameAr} ${year} زيرو جديدة` : `${nameAr} ${year} ماشية ${kmText} كم`,
    condition === "scrap" ? `${nameAr} ${year} للتشليح` : `${nameAr} ${year} بحالة الوكالة`,
  ]);
  return {
    categoryId: 1,
    subcategoryId: 101,
    image: "motors",
    titleEn,
    titleAr,
    descEn: CAR_SENTENCES_EN,
    descAr: CAR_SENTENCES_AR,
    details: compact({
      make: make.id,
      model: model.value,
      year: String(year),
      kilometers: km,
      condition,
      regional_specs: maybe(d, 0.5, () => regionalSpecs(d, make)),
    }),
    price,
  };
}

const MOTORCYCLE_MAKES = carMakes.filter((make) => ["honda", "suzuki", "other"].includes(make.id));

function motorcycle(ctx: Ctx): Draft {
  const { d } = ctx;
  const make = d.pick(MOTORCYCLE_MAKES);
  const year = Math.max(2000, ctx.year - Math.floor(18 * d.next() ** 1.3));
  const condition = year >= ctx.year - 1 && d.chance(0.5) ? "new" : "used";
  const km = condition === "new" ? 0 : roundTo((ctx.year - year + 1) * d.int(2_000, 8_000), 500);
  const cc = d.pick([110, 125, 150, 150, 200, 250]);
  const [nameEn, nameAr] =
    make.id === "other"
      ? d.pick([
          ["Haojue", "هاوجي"],
          ["Dayun", "دايون"],
          ["Lifan", "ليفان"],
          ["Chinese-made", "صيني"],
        ] as const)
      : [make.name, make.nameAr];
  const price = priceFromUsd(d, [330 + cc * 2, 900 + cc * 5], [40_000, 250_000]);
  return {
    categoryId: 1,
    subcategoryId: 102,
    image: "motors",
    titleEn: d.pick([
      `${nameEn} ${cc}cc motorcycle ${year}, good condition`,
      `${nameEn} ${cc} motorbike for sale`,
      `${nameEn} ${cc}cc – ${year} model`,
    ]),
    titleAr: d.pick([
      `دراجة نارية ${nameAr} ${cc} موديل ${year}`,
      `موتور ${nameAr} ${cc} سي سي للبيع`,
      `موتور ${nameAr} ${year} بحالة جيدة`,
      condition === "new"
        ? `موتور ${nameAr} ${cc} جديد بالكرتونة`
        : `موتور ${nameAr} ${cc} مستعمل نظيف`,
    ]),
    descEn: [
      "Engine is perfect, never opened.",
      "New tyres and chain.",
      "Papers complete and registered.",
      "Ideal for delivery work.",
      "Price is final.",
      "Viewing in {city}.",
    ],
    descAr: [
      "المحرك ممتاز ما مفتوح.",
      "دواليب جديدة وجنزير جديد.",
      "أوراق نظامية ومسجل.",
      "مناسب لشغل التوصيل.",
      "السعر نهائي.",
      "المعاينة في {city}.",
    ],
    details: compact({
      make: make.id,
      model: "other",
      year: String(year),
      kilometers: km,
      condition,
    }),
    price,
  };
}

const PARTS: { en: string; ar: string; usd: [number, number]; withKm: boolean }[] = [
  { en: "Engine", ar: "محرك", usd: [1_200, 4_500], withKm: true },
  { en: "Gearbox", ar: "جير", usd: [600, 2_200], withKm: true },
  { en: "Headlights", ar: "ضو أمامي", usd: [50, 300], withKm: false },
  { en: "Alloy rims set 16 inch", ar: "طقم جنوط ألمنيوم 16 إنش", usd: [250, 1_100], withKm: false },
  { en: "Set of 4 tyres", ar: "طقم دواليب 4", usd: [180, 900], withKm: false },
  { en: "Front bumper", ar: "صدام أمامي", usd: [70, 380], withKm: false },
  { en: "Door", ar: "باب", usd: [80, 450], withKm: false },
  { en: "Battery 70Ah", ar: "بطارية 70 أمبير", usd: [85, 300], withKm: false },
];

function autoPart(ctx: Ctx): Draft {
  const { d } = ctx;
  const make = d.weighted(MAKE_WEIGHTS.filter(([m]) => m.id !== "other"));
  const model = pickModel(d, make);
  const year = carYear(d, ctx.year);
  const part = d.pick(PARTS);
  const condition = d.chance(0.35) ? "new" : "used";
  const forEn = `${make.name}${model.value === "other" ? "" : ` ${model.label}`}`;
  const forAr = `${makeNameAr(d, make)}${model.value === "other" ? "" : ` ${model.labelAr}`}`;
  const used = condition === "used";
  return {
    categoryId: 1,
    subcategoryId: 103,
    image: "motors",
    titleEn: d.pick([
      `${part.en} for ${forEn} ${year}`,
      `${used ? "Used" : "New"} ${part.en.toLowerCase()} – ${forEn}`,
    ]),
    titleAr: d.pick([
      `${part.ar} ${forAr} ${year} ${used ? "مستعمل نظيف" : "جديد"}`,
      `${part.ar} ل${forAr} موديل ${year}`,
      `قطع غيار ${forAr}: ${part.ar}`,
    ]),
    descEn: [
      "Original part, not a copy.",
      "Removed from a car in good condition.",
      "Can be fitted at our workshop for a small fee.",
      "Delivery available to other governorates.",
    ],
    descAr: [
      "القطعة أصلية وكالة مو تقليد.",
      "مفكوكة من سيارة سليمة.",
      "منركبها بالمحل بأجرة بسيطة.",
      "منشحن لكل المحافظات.",
    ],
    details: compact({
      make: make.id,
      model: model.value,
      year: String(year),
      kilometers: part.withKm && used ? roundTo(d.int(40_000, 250_000), 1_000) : 0,
      condition,
    }),
    price: priceFromUsd(d, part.usd, [5_000, 600_000]),
  };
}

function motors(ctx: Ctx): Draft {
  const kind = ctx.d.weighted([
    [car, 80],
    [motorcycle, 10],
    [autoPart, 10],
  ] as const);
  return kind(ctx);
}

// Property ---------------------------------------------------------------------------------

const PREMIUM_HOODS = new Set([
  "Malki",
  "Abu Rummaneh",
  "Mezzeh",
  "Kafr Sousa",
  "Shaalan",
  "Furqan",
  "New Aleppo",
  "Ziraa",
]);

function pricePerSquareMetre(d: Dice, place: Place) {
  const base = { damascus: 75_000, aleppo: 45_000, latakia: 50_000, tartus: 45_000, homs: 38_000 }[
    place.city.id as "damascus"
  ];
  const premium = place.hood && PREMIUM_HOODS.has(place.hood.en) ? 1.45 : 1;
  return (base ?? 28_000) * premium * d.float(0.75, 1.3);
}

function roomsAr(n: number) {
  if (n === 1) return "غرفة واحدة";
  if (n === 2) return "غرفتين";
  return n <= 10 ? `${n} غرف` : `${n} غرفة`;
}

function bathroomsAr(n: number) {
  if (n === 1) return "حمام";
  if (n === 2) return "حمامين";
  return `${n} حمامات`;
}

function floorAr(n: number) {
  return (
    ["أرضي", "الطابق الأول", "الطابق الثاني", "الطابق الثالث", "الطابق الرابع", "الطابق الخامس"][
      n
    ] ?? `الطابق ${n}`
  );
}
function capitalise(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
function floorEn(n: number) {
  return n === 0 ? "ground floor" : `${n}${["th", "st", "nd", "rd"][n] ?? "th"} floor`;
}

const FURNISHING_AR: Record<string, string> = {
  furnished: "مفروشة",
  semi_furnished: "نصف فرش",
  unfurnished: "بدون فرش",
  other: "",
};
const FURNISHING_EN: Record<string, string> = {
  furnished: "Furnished",
  semi_furnished: "Semi-furnished",
  unfurnished: "Unfurnished",
  other: "",
};

function propertySentences(rent: boolean) {
  return {
    en: [
      "Deluxe finishing, central heating and solar water heater.",
      "New building with a lift and open view.",
      "Close to schools, shops and transport.",
      "Electricity almost 24 hours (amperes subscription).",
      "No agents please, directly from the owner.",
      "Contact by WhatsApp only.",
      rent
        ? "Monthly or yearly rent, 6 months in advance."
        : "Green title deed (tabu), ready to move in.",
      rent ? "Suitable for a small family or students." : "Price negotiable for serious buyers.",
    ],
    ar: [
      "إكساء ديلوكس، تدفئة مركزية وطاقة شمسية.",
      "بناء حديث مع مصعد، إطلالة مفتوحة.",
      "قريبة من المدارس والأسواق والمواصلات.",
      "الكهرباء شبه ٢٤ ساعة (اشتراك أمبيرات).",
      "بدون وسيط، من المالك مباشرة.",
      "للتواصل واتساب فقط.",
      rent ? "الإيجار شهري أو سنوي، دفع ٦ أشهر سلف." : "طابو أخضر، جاهزة للسكن فوراً.",
      rent ? "مناسبة لعائلة صغيرة أو طلاب." : "السعر قابل للتفاوض للجادين.",
    ],
  };
}

function apartment(ctx: Ctx): Draft {
  const { d, place } = ctx;
  const rent = d.chance(0.45);
  const bedroomsN = d.weighted([
    [0, 4],
    [1, 10],
    [2, 30],
    [3, 36],
    [4, 15],
    [5, 5],
  ] as const);
  const area = roundTo(40 + Math.max(bedroomsN, 0.5) * d.int(25, 42) + d.int(0, 30), 5);
  const bathrooms = bedroomsN <= 2 ? 1 : d.int(1, 3);
  const furnishing = maybe(d, rent ? 0.8 : 0.4, () =>
    rent
      ? d.pick(["furnished", "furnished", "semi_furnished", "unfurnished"])
      : d.pick(["unfurnished", "semi_furnished", "furnished", "other"]),
  );
  const floor = d.int(0, 7);
  const house = !rent && d.chance(0.1);
  const price = rent
    ? clampPrice(
        roundPrice(area * d.float(140, 420) * (place.city.id === "damascus" ? 1.4 : 0.9)),
        [10_000, 80_000],
      )
    : clampPrice(roundPrice(area * pricePerSquareMetre(d, place)), [2_000_000, 20_000_000]);
  const beds = bedroomsN === 0 ? "studio" : String(bedroomsN);
  const roomsA = bedroomsN === 0 ? "ستوديو" : roomsAr(bedroomsN);
  const roomsE = bedroomsN === 0 ? "Studio" : `${bedroomsN}-bedroom`;
  const furnE = furnishing ? FURNISHING_EN[furnishing] : "";
  const furnA = furnishing ? FURNISHING_AR[furnishing] : "";
  const sentences = propertySentences(rent);

  const titleEn = rent
    ? d.pick([
        `${roomsE} apartment for rent in ${whereEn(place)}`,
        `${furnE || "Nice"} flat for rent – ${spotEn(place)}`,
        `Apartment for rent, ${area} m², ${whereEn(place)}`,
      ])
    : house
      ? `Old Damascene-style house for sale in ${spotEn(place)}`
      : d.pick([
          `Apartment for sale in ${place.city.name}${place.hood ? ` – ${place.hood.en}` : ""}, ${area} m²`,
          `${roomsE} flat for sale, ${floorEn(floor)}, ${spotEn(place)}`,
          `Flat for sale ${area} sqm in ${whereEn(place)}`,
        ]);
  const titleAr = rent
    ? d.pick([
        `شقة للإيجار في ${spotAr(place)} ${roomsA}`,
        `شقة ${furnA} للإيجار ${place.city.nameAr}${place.hood ? ` - ${place.hood.ar}` : ""}`.replace(
          /\s+/g,
          " ",
        ),
        `للإيجار شقة ${area} م² في ${spotAr(place)}`,
        `شقة للإيجار الشهري ${spotAr(place)} ${floorAr(floor)}`,
      ])
    : house
      ? `بيت عربي للبيع في ${spotAr(place)}`
      : d.pick([
          `شقة للبيع في ${spotAr(place)} ${area} م٢`,
          `للبيع شقة ${roomsA} وصالون ${spotAr(place)}`,
          `شقة للبيع ${whereAr(place)} إكساء سوبر ديلوكس`,
          `شقة ${area} متر للبيع ${floorAr(floor)} - ${spotAr(place)}`,
        ]);
  return {
    categoryId: 2,
    subcategoryId: 201,
    image: "property",
    titleEn,
    titleAr,
    descEn: [
      `${capitalise(floorEn(floor))}: ${bedroomsN === 0 ? "open-plan studio" : `${bedroomsN} bedroom${bedroomsN > 1 ? "s" : ""}, living room`}, kitchen and ${bathrooms} bathroom${bathrooms > 1 ? "s" : ""}.`,
      ...sentences.en,
    ],
    descAr: [
      `${floorAr(floor)}، ${roomsA} وصالون ومطبخ و${bathroomsAr(bathrooms)}.`,
      ...sentences.ar,
    ],
    details: compact({
      listing_type: rent ? "rent" : "sell",
      area,
      type: house ? "house" : "apartment",
      bedrooms: beds,
      bathrooms: String(bathrooms),
      furnishing,
    }),
    price,
  };
}

function villa(ctx: Ctx): Draft {
  const { d, place } = ctx;
  const rent = d.chance(0.25);
  const type = d.chance(0.7) ? "villa" : "house";
  const bedroomsN = d.int(3, 7);
  const area = roundTo(d.int(200, 600), 10);
  const bathrooms = d.int(2, 5);
  const price = rent
    ? clampPrice(roundPrice(d.float(30_000, 80_000)), [30_000, 80_000])
    : clampPrice(
        roundPrice(area * pricePerSquareMetre(d, place) * d.float(0.8, 1.2)),
        [8_000_000, 40_000_000],
      );
  const nounEn = type === "villa" ? "Villa" : "House";
  const nounAr = type === "villa" ? "فيلا" : "بيت مستقل";
  const sentences = propertySentences(rent);
  return {
    categoryId: 2,
    subcategoryId: 202,
    image: "property",
    titleEn: d.pick([
      `${nounEn} for ${rent ? "rent" : "sale"} in ${whereEn(place)}, ${area} m² with garden`,
      `${nounEn} ${bedroomsN} bedrooms for ${rent ? "rent" : "sale"} – ${spotEn(place)}`,
    ]),
    titleAr: d.pick([
      `${nounAr} ${rent ? "للإيجار" : "للبيع"} في ${spotAr(place)} مع حديقة`,
      `${nounAr} ${area} م² ${rent ? "للإيجار" : "للبيع"} ${whereAr(place)}`,
      `${rent ? "للإيجار" : "للبيع"} ${nounAr} ${roomsAr(bedroomsN)} نوم ومسبح`,
    ]),
    descEn: [`${bedroomsN} bedrooms, ${bathrooms} bathrooms, garden and parking.`, ...sentences.en],
    descAr: [`${roomsAr(bedroomsN)} نوم و${bathroomsAr(bathrooms)}، حديقة وكراج.`, ...sentences.ar],
    details: compact({
      listing_type: rent ? "rent" : "sell",
      area,
      type,
      bedrooms: String(bedroomsN),
      bathrooms: String(bathrooms),
      furnishing: maybe(d, 0.5, () => d.pick(["furnished", "semi_furnished", "unfurnished"])),
    }),
    price,
  };
}

function commercial(ctx: Ctx): Draft {
  const { d, place } = ctx;
  const kind = d.weighted([
    ["shop", 45],
    ["office", 25],
    ["land", 30],
  ] as const);
  const rent = kind !== "land" && d.chance(0.5);
  const area =
    kind === "land"
      ? roundTo(d.int(300, 5_000), 50)
      : kind === "shop"
        ? roundTo(d.int(15, 120), 5)
        : roundTo(d.int(50, 200), 5);
  const price = rent
    ? clampPrice(roundPrice(area * d.float(250, 700)), [10_000, 80_000])
    : kind === "land"
      ? clampPrice(roundPrice(area * d.float(2_000, 9_000)), [2_000_000, 40_000_000])
      : clampPrice(roundPrice(area * pricePerSquareMetre(d, place) * 1.3), [2_000_000, 40_000_000]);
  const noun = {
    shop: { en: "Shop", ar: "محل تجاري" },
    office: { en: "Office", ar: "مكتب" },
    land: {
      en: d.pick(["Agricultural land", "Building plot"]),
      ar: d.pick(["أرض زراعية", "أرض للبناء"]),
    },
  }[kind];
  const deal = { en: rent ? "for rent" : "for sale", ar: rent ? "للإيجار" : "للبيع" };
  return {
    categoryId: 2,
    subcategoryId: 203,
    image: "property",
    titleEn: d.pick([
      `${noun.en} ${deal.en} in ${whereEn(place)}, ${area} m²`,
      `${noun.en} ${deal.en} – ${spotEn(place)}`,
    ]),
    titleAr: d.pick([
      `${noun.ar} ${deal.ar} في ${spotAr(place)} ${area} م²`,
      `${deal.ar} ${noun.ar} ب${spotAr(place)} موقع مميز`,
    ]),
    descEn: [
      kind === "land"
        ? "Flat land with road access, water and electricity nearby."
        : "On a main street with heavy foot traffic.",
      "Suitable for any business.",
      "Papers complete, price negotiable.",
      "Viewing by appointment.",
    ],
    descAr: [
      kind === "land"
        ? "أرض مستوية على طريق، المي والكهربا قريبين."
        : "على شارع رئيسي، حركة ممتازة.",
      "تصلح لأي مصلحة.",
      "الأوراق نظامية، السعر قابل للتفاوض.",
      "المعاينة بموعد مسبق.",
    ],
    details: {
      listing_type: rent ? "rent" : "sell",
      area,
      type: kind === "land" ? "land" : d.chance(0.9) ? "commercial" : "other",
      // The form requires both; sellers of shops and land pick the smallest values.
      bedrooms: kind === "office" ? String(d.int(2, 4)) : "1",
      bathrooms: kind === "land" ? "0" : "1",
    },
    price,
  };
}

function propertyDraft(ctx: Ctx): Draft {
  return ctx.d.weighted([
    [apartment, 70],
    [villa, 12],
    [commercial, 18],
  ] as const)(ctx);
}

// Jobs ---------------------------------------------------------------------------------------

interface JobRef {
  sub: number | null;
  en: string;
  ar: string;
  industry: string;
  usd: [number, number];
  education: string;
  extraEn: string;
  extraAr: string;
}

const JOBS: JobRef[] = [
  {
    sub: 301,
    en: "Accountant",
    ar: "محاسب",
    industry: "finance",
    usd: [150, 450],
    education: "bachelors",
    extraEn: "Good knowledge of Al-Ameen accounting software and Excel.",
    extraAr: "إجادة برنامج الأمين للمحاسبة والإكسل.",
  },
  {
    sub: 301,
    en: "Senior accountant",
    ar: "محاسب رئيسي",
    industry: "finance",
    usd: [350, 750],
    education: "bachelors",
    extraEn: "Experience preparing financial statements and tax declarations.",
    extraAr: "خبرة بإعداد القوائم المالية والبيانات الضريبية.",
  },
  {
    sub: 301,
    en: "Auditor",
    ar: "مدقق حسابات",
    industry: "finance",
    usd: [300, 700],
    education: "masters",
    extraEn: "Certified auditors preferred.",
    extraAr: "يفضل حملة شهادة تدقيق.",
  },
  {
    sub: 301,
    en: "Accounting assistant",
    ar: "مساعد محاسب",
    industry: "retail",
    usd: [100, 220],
    education: "high_school",
    extraEn: "Fresh graduates are welcome.",
    extraAr: "يقبل حديث التخرج.",
  },
  {
    sub: 302,
    en: "Web developer",
    ar: "مطور ويب",
    industry: "tech",
    usd: [300, 800],
    education: "bachelors",
    extraEn: "React and Node.js experience required.",
    extraAr: "خبرة React و Node.js ضرورية.",
  },
  {
    sub: 302,
    en: "Flutter mobile developer",
    ar: "مطور تطبيقات موبايل Flutter",
    industry: "tech",
    usd: [300, 800],
    education: "bachelors",
    extraEn: "Portfolio of published apps is a plus.",
    extraAr: "وجود تطبيقات منشورة ميزة إضافية.",
  },
  {
    sub: 302,
    en: "Network technician",
    ar: "فني شبكات",
    industry: "tech",
    usd: [150, 350],
    education: "high_school",
    extraEn: "Cabling, routers and Mikrotik configuration.",
    extraAr: "تمديد شبكات وإعداد راوترات ومايكروتيك.",
  },
  {
    sub: 302,
    en: "Graphic designer",
    ar: "مصمم جرافيك",
    industry: "other",
    usd: [150, 450],
    education: "bachelors",
    extraEn: "Photoshop, Illustrator and social media designs.",
    extraAr: "فوتوشوب وإليستريتور وتصاميم سوشال ميديا.",
  },
  {
    sub: 302,
    en: "IT support specialist",
    ar: "مسؤول دعم فني",
    industry: "tech",
    usd: [150, 350],
    education: "bachelors",
    extraEn: "Windows, printers and basic networking.",
    extraAr: "ويندوز وطابعات وأساسيات الشبكات.",
  },
  {
    sub: 303,
    en: "Sales representative",
    ar: "مندوب مبيعات",
    industry: "retail",
    usd: [100, 300],
    education: "high_school",
    extraEn: "Driving licence required, commission on sales.",
    extraAr: "يشترط شهادة سواقة، مع نسبة على المبيعات.",
  },
  {
    sub: 303,
    en: "Shop assistant",
    ar: "بائعة في محل ألبسة",
    industry: "retail",
    usd: [90, 200],
    education: "high_school",
    extraEn: "Friendly and well presented.",
    extraAr: "حسن المظهر ولبق بالتعامل.",
  },
  {
    sub: 303,
    en: "Cashier",
    ar: "كاشير",
    industry: "retail",
    usd: [90, 200],
    education: "high_school",
    extraEn: "Evening shift available.",
    extraAr: "يوجد دوام مسائي.",
  },
  {
    sub: 303,
    en: "Showroom manager",
    ar: "مدير صالة عرض",
    industry: "retail",
    usd: [300, 650],
    education: "bachelors",
    extraEn: "Previous management experience required.",
    extraAr: "خبرة سابقة بالإدارة ضرورية.",
  },
  {
    sub: 303,
    en: "Pharmacy assistant",
    ar: "مساعد صيدلي",
    industry: "healthcare",
    usd: [100, 220],
    education: "high_school",
    extraEn: "Pharmacy institute graduates preferred.",
    extraAr: "يفضل خريجي المعهد الصحي.",
  },
  {
    sub: null,
    en: "English teacher",
    ar: "مدرس لغة إنكليزية",
    industry: "education",
    usd: [150, 400],
    education: "bachelors",
    extraEn: "For a private school, grades 7 to 12.",
    extraAr: "لمدرسة خاصة، من الصف السابع حتى البكالوريا.",
  },
  {
    sub: null,
    en: "Nurse",
    ar: "ممرضة",
    industry: "healthcare",
    usd: [150, 350],
    education: "bachelors",
    extraEn: "Night shifts on rotation.",
    extraAr: "مناوبات ليلية بالتناوب.",
  },
];

const COMPANIES: [en: string, ar: string][] = [
  ["Al-Fayhaa Trading Co.", "شركة الفيحاء التجارية"],
  ["Sham Tech", "شام تك"],
  ["Orient Pharma", "أورينت فارما"],
  ["Jasmine Restaurant", "مطعم الياسمين"],
  ["Al-Nour Hospital", "مشفى النور"],
  ["Qasioun Software", "قاسيون للبرمجيات"],
  ["Ebla Foods", "إيبلا للأغذية"],
  ["Barada Insurance", "بردى للتأمين"],
  ["Ugarit Logistics", "أوغاريت للخدمات اللوجستية"],
  ["Palmyra Textiles", "تدمر للنسيج"],
  ["Al-Salam Private School", "مدرسة السلام الخاصة"],
  ["Hama Dairy", "ألبان حماة"],
  ["Orontes Electronics", "العاصي للإلكترونيات"],
  ["Yasmine Fashion", "ياسمين للألبسة"],
];

const EMPLOYMENT_AR: Record<string, string> = {
  full_time: "دوام كامل",
  part_time: "دوام جزئي",
  contract: "بعقد مؤقت",
  freelance: "عمل حر",
  internship: "تدريب",
  other: "",
};
const EMPLOYMENT_EN: Record<string, string> = {
  full_time: "full-time",
  part_time: "part-time",
  contract: "contract",
  freelance: "freelance",
  internship: "internship",
  other: "",
};

function jobs(ctx: Ctx): Draft {
  const { d, place } = ctx;
  const job = d.pick(JOBS);
  const [companyEn, companyAr] = d.pick(COMPANIES);
  const employment = d.weighted([
    ["full_time", 60],
    ["part_time", 15],
    ["contract", 8],
    ["freelance", 8],
    ["internship", 4],
    ["other", 2],
  ] as const);
  const experience = d.weighted([
    ["entry", 35],
    ["mid", 35],
    ["senior", 22],
    ["executive", 8],
  ] as const);
  const seniority = { entry: 0.8, mid: 1, senior: 1.3, executive: 1.6 }[experience];
  const salary = clampPrice(
    roundPrice(d.float(job.usd[0], job.usd[1]) * seniority * USD),
    [10_000, 100_000],
  );
  const textAr = ctx.mode === "ar" || (ctx.mode === "both" && ctx.textLang === "ar");
  return {
    categoryId: 3,
    subcategoryId: job.sub,
    image: "jobs",
    titleEn: d.pick([
      `${job.en} needed in ${place.city.name}`,
      `Hiring: ${job.en} at ${companyEn}`,
      `Job opening – ${job.en} (${EMPLOYMENT_EN[employment] || "flexible"}), ${place.city.name}`,
      `${job.en} wanted – ${spotEn(place)}`,
    ]),
    titleAr: d.pick([
      `مطلوب ${job.ar} لشركة تجارية في ${place.city.nameAr}`,
      `فرصة عمل: ${job.ar} - ${companyAr}`,
      `مطلوب ${job.ar} ${EMPLOYMENT_AR[employment]} في ${place.city.nameAr}`.replace(/\s+/g, " "),
      `${companyAr} تطلب ${job.ar}`,
      `مطلوب ${job.ar} بخبرة لا تقل عن سنتين`,
    ]),
    descEn: [
      job.extraEn,
      "Working hours 9 am to 5 pm, Saturday to Thursday.",
      `Applicants living in ${place.city.name} or nearby preferred.`,
      "Send your CV through Souqna messages.",
      "Salary depends on experience, paid monthly.",
    ],
    descAr: [
      job.extraAr,
      "الدوام من ٩ الصبح لـ ٥ المسا، من السبت للخميس.",
      `يفضل من سكان ${place.city.nameAr} أو المناطق القريبة.`,
      "ترسل السيرة الذاتية عبر رسائل سوقنا.",
      "الراتب حسب الخبرة، يدفع شهرياً.",
    ],
    details: compact({
      role: textAr ? job.ar : job.en,
      company: textAr ? companyAr : companyEn,
      employment_type: employment,
      experience,
      education_level: maybe(d, 0.6, () => job.education),
      industry: maybe(d, 0.7, () => job.industry),
    }),
    price: salary,
  };
}

// Electronics ------------------------------------------------------------------------------

interface DeviceRef {
  brand: string;
  en: string;
  ar: string;
  usd: [number, number];
  storage?: number[];
}

const PHONES: DeviceRef[] = [
  { brand: "apple", en: "iPhone X", ar: "ايفون X", usd: [120, 170], storage: [64, 256] },
  { brand: "apple", en: "iPhone 11", ar: "ايفون 11", usd: [180, 260], storage: [64, 128] },
  { brand: "apple", en: "iPhone 12", ar: "ايفون 12", usd: [250, 350], storage: [64, 128, 256] },
  { brand: "apple", en: "iPhone 13", ar: "ايفون 13", usd: [330, 450], storage: [128, 256] },
  {
    brand: "apple",
    en: "iPhone 13 Pro Max",
    ar: "ايفون 13 برو ماكس",
    usd: [500, 650],
    storage: [128, 256, 512],
  },
  { brand: "apple", en: "iPhone 14 Pro", ar: "آيفون 14 برو", usd: [600, 800], storage: [128, 256] },
  {
    brand: "apple",
    en: "iPhone 15 Pro Max",
    ar: "ايفون 15 برو ماكس",
    usd: [950, 1_300],
    storage: [256, 512],
  },
  {
    brand: "samsung",
    en: "Samsung Galaxy S22 Ultra",
    ar: "سامسونج جالاكسي S22 الترا",
    usd: [450, 650],
    storage: [256, 512],
  },
  {
    brand: "samsung",
    en: "Samsung Galaxy S21",
    ar: "سامسونغ S21",
    usd: [250, 350],
    storage: [128, 256],
  },
  {
    brand: "samsung",
    en: "Samsung Galaxy A54",
    ar: "سامسونج A54",
    usd: [250, 330],
    storage: [128, 256],
  },
  {
    brand: "samsung",
    en: "Samsung Galaxy A14",
    ar: "سامسونج جلاكسي A14",
    usd: [110, 160],
    storage: [64, 128],
  },
  {
    brand: "samsung",
    en: "Galaxy Note 20 Ultra",
    ar: "نوت 20 الترا",
    usd: [380, 480],
    storage: [256],
  },
  {
    brand: "xiaomi",
    en: "Xiaomi Redmi Note 12",
    ar: "شاومي ريدمي نوت 12",
    usd: [150, 220],
    storage: [128, 256],
  },
  { brand: "xiaomi", en: "Poco X5 Pro", ar: "بوكو X5 برو", usd: [220, 290], storage: [256] },
  {
    brand: "huawei",
    en: "Huawei P30 Pro",
    ar: "هواوي P30 برو",
    usd: [180, 250],
    storage: [128, 256],
  },
  { brand: "huawei", en: "Huawei Nova 9", ar: "هواوي نوفا 9", usd: [200, 260], storage: [128] },
  { brand: "oppo", en: "Oppo Reno 8", ar: "أوبو رينو 8", usd: [250, 330], storage: [256] },
  { brand: "realme", en: "Realme C55", ar: "ريلمي C55", usd: [130, 170], storage: [128, 256] },
  { brand: "infinix", en: "Infinix Hot 30", ar: "انفينكس هوت 30", usd: [100, 140], storage: [128] },
  {
    brand: "tecno",
    en: "Tecno Spark 10 Pro",
    ar: "تكنو سبارك 10 برو",
    usd: [100, 140],
    storage: [128, 256],
  },
  { brand: "honor", en: "Honor X8", ar: "هونر X8", usd: [150, 200], storage: [128] },
  { brand: "nokia", en: "Nokia G21", ar: "نوكيا G21", usd: [90, 130], storage: [64] },
];

const COMPUTERS: DeviceRef[] = [
  {
    brand: "lenovo",
    en: "Lenovo ThinkPad T480 i5 8th gen",
    ar: "لابتوب لينوفو ثينك باد T480 i5 جيل ثامن",
    usd: [220, 320],
  },
  {
    brand: "hp",
    en: "HP EliteBook 840 G5 i7",
    ar: "لابتوب HP اليت بوك 840 G5 i7",
    usd: [250, 380],
  },
  {
    brand: "dell",
    en: "Dell Latitude 7490 i7, 16GB RAM",
    ar: "لابتوب ديل لاتيتيود 7490 i7 رام 16",
    usd: [260, 400],
  },
  { brand: "dell", en: "Dell Inspiron 15 3000", ar: "ديل انسبايرون 15", usd: [200, 300] },
  { brand: "asus", en: "Asus VivoBook 15", ar: "أسوس فيفو بوك 15", usd: [250, 380] },
  {
    brand: "asus",
    en: "Asus ROG Strix G15 gaming laptop RTX 3060",
    ar: "لابتوب جيمنغ أسوس ROG كرت RTX 3060",
    usd: [900, 1_450],
  },
  { brand: "apple", en: "MacBook Air M1 2020 8/256", ar: "ماك بوك اير M1 2020", usd: [550, 750] },
  { brand: "apple", en: "MacBook Pro 14 M1 Pro", ar: "ماك بوك برو 14 M1 Pro", usd: [1_100, 1_600] },
  { brand: "acer", en: "Acer Aspire 5 Ryzen 5", ar: "ايسر اسباير 5 رايزن 5", usd: [300, 420] },
  { brand: "toshiba", en: "Toshiba Satellite i3", ar: "توشيبا ساتالايت i3", usd: [170, 230] },
  {
    brand: "hp",
    en: 'HP desktop i5, 8GB RAM + 22" monitor',
    ar: "كمبيوتر مكتبي HP i5 مع شاشة 22 انش",
    usd: [200, 300],
  },
  {
    brand: "microsoft",
    en: "Microsoft Surface Pro 7",
    ar: "مايكروسوفت سيرفس برو 7",
    usd: [400, 600],
  },
];

const TVS: DeviceRef[] = [
  { brand: "samsung", en: "Samsung", ar: "سامسونج", usd: [1, 1.1] },
  { brand: "lg", en: "LG", ar: "إل جي", usd: [0.95, 1.05] },
  { brand: "sony", en: "Sony", ar: "سوني", usd: [1.1, 1.25] },
  { brand: "toshiba", en: "Toshiba", ar: "توشيبا", usd: [0.8, 0.9] },
  { brand: "other", en: "TCL", ar: "TCL", usd: [0.7, 0.85] },
];
const TV_SIZE_USD: [number, number][] = [
  [32, 140],
  [43, 240],
  [50, 320],
  [55, 420],
  [65, 700],
];

const CONDITION_FACTOR: Record<string, number> = {
  new: 1.1,
  like_new: 1,
  good: 0.88,
  fair: 0.75,
  used: 0.85,
  other: 0.8,
};
const CONDITION_AR: Record<string, string> = {
  new: "جديد",
  like_new: "شبه جديد",
  good: "نظيف",
  fair: "وضعه مقبول",
  used: "مستعمل نظيف",
  other: "",
};
const CONDITION_EN: Record<string, string> = {
  new: "brand new",
  like_new: "like new",
  good: "good condition",
  fair: "fair condition",
  used: "used, clean",
  other: "",
};

function electronicsCondition(d: Dice) {
  return d.weighted([
    ["new", 18],
    ["like_new", 22],
    ["good", 20],
    ["fair", 8],
    ["used", 30],
    ["other", 2],
  ] as const);
}

function warranty(d: Dice, condition: string) {
  return maybe(d, 0.4, () => (condition === "new" && d.chance(0.8) ? "yes" : "no"));
}

function phone(ctx: Ctx): Draft {
  const { d } = ctx;
  const device = d.pick(PHONES);
  const condition = electronicsCondition(d);
  const storage = d.pick(device.storage ?? [128]);
  const battery = d.int(78, 100);
  const apple = device.brand === "apple";
  const latinModel = d.chance(0.25);
  const nameAr = latinModel ? device.en : device.ar;
  const price = clampPrice(
    roundPrice(d.float(device.usd[0], device.usd[1]) * CONDITION_FACTOR[condition]! * USD),
    [10_000, 180_000],
  );
  return {
    categoryId: 4,
    subcategoryId: 401,
    image: "electronics",
    titleEn: d.pick([
      `${device.en} ${storage}GB ${CONDITION_EN[condition]}`.trim(),
      apple
        ? `${device.en} ${storage}GB, battery ${battery}%`
        : `${device.en} ${storage}GB with charger and box`,
      condition === "new"
        ? `${device.en} – brand new, sealed box`
        : `Selling my ${device.en}, ${storage}GB`,
    ]),
    titleAr: d.pick([
      `${nameAr} ${storage} ${CONDITION_AR[condition]}`.trim(),
      `للبيع ${nameAr} ذاكرة ${storage} جيجا`,
      condition === "new" ? `${nameAr} جديد بالكرتونة` : `موبايل ${nameAr} نظيف جداً`,
      apple ? `${nameAr} ${storage} بطارية ${battery}%` : `${nameAr} ${storage} مع الشاحن والعلبة`,
    ]),
    descEn: [
      apple
        ? `Battery health ${battery}%, Face ID works.`
        : "Fast charger and original box included.",
      "Screen has no scratches, always used with a case.",
      "Never opened or repaired.",
      "Registered (customs paid).",
      "Price is final, no trades.",
      "Hand-to-hand in {city}.",
    ],
    descAr: [
      apple ? `صحة البطارية ${battery}%، الفيس آيدي شغال.` : "معه الشاحن الأصلي والكرتونة.",
      "الشاشة بدون خدوش، مستخدم بكفر من أول يوم.",
      "ما مفتوح وما مصلح.",
      "مجمرك ومسجل.",
      "السعر نهائي، لا يوجد تبديل.",
      "التسليم باليد في {city}.",
    ],
    details: compact({ brand: device.brand, condition, warranty: warranty(d, condition) }),
    price,
  };
}

function computer(ctx: Ctx): Draft {
  const { d } = ctx;
  const device = d.pick(COMPUTERS);
  const condition = electronicsCondition(d);
  const price = clampPrice(
    roundPrice(d.float(device.usd[0], device.usd[1]) * CONDITION_FACTOR[condition]! * USD),
    [20_000, 200_000],
  );
  return {
    categoryId: 4,
    subcategoryId: 402,
    image: "electronics",
    titleEn: d.pick([
      `${device.en}, ${CONDITION_EN[condition] || "for sale"}`,
      `For sale: ${device.en}`,
    ]),
    titleAr: d.pick([`${device.ar} ${CONDITION_AR[condition]}`.trim(), `للبيع ${device.ar}`]),
    descEn: [
      "SSD upgraded, boots in seconds.",
      "Battery lasts about 3 hours.",
      "Keyboard and screen are perfect.",
      "Windows installed with Office.",
      "Suitable for students and programmers.",
    ],
    descAr: [
      "مركب SSD، سريع جداً بالإقلاع.",
      "البطارية بتعطي حوالي ٣ ساعات.",
      "الكيبورد والشاشة بحالة ممتازة.",
      "منزل عليه ويندوز وأوفيس.",
      "مناسب للطلاب والمبرمجين.",
    ],
    details: compact({ brand: device.brand, condition, warranty: warranty(d, condition) }),
    price,
  };
}

function tv(ctx: Ctx): Draft {
  const { d } = ctx;
  const brand = d.pick(TVS);
  const [size, usd] = d.pick(TV_SIZE_USD);
  const condition = electronicsCondition(d);
  const factor = d.float(brand.usd[0], brand.usd[1]) * CONDITION_FACTOR[condition]!;
  const smart = d.chance(0.7);
  return {
    categoryId: 4,
    subcategoryId: 403,
    image: "electronics",
    titleEn: d.pick([
      `${brand.en} ${size} inch ${smart ? "Smart " : ""}TV${size >= 50 ? " 4K" : ""}`,
      `${brand.en} ${size}" TV, ${CONDITION_EN[condition] || "working perfectly"}`,
    ]),
    titleAr: d.pick([
      `شاشة ${brand.ar} ${size} انش ${smart ? "سمارت" : ""}${size >= 50 ? " 4K" : ""}`
        .replace(/\s+/g, " ")
        .trim(),
      `تلفزيون ${brand.ar} ${size} بوصة ${CONDITION_AR[condition]}`.trim(),
    ]),
    descEn: [
      "With the remote and wall mount.",
      "No dead pixels.",
      "Built-in receiver.",
      "Reason for selling: upgraded to a bigger screen.",
    ],
    descAr: [
      "مع الريموت والتعليقة.",
      "ما فيها ولا نقطة ميتة.",
      "رسيفر داخلي.",
      "سبب البيع: بدلتها بشاشة أكبر.",
    ],
    details: compact({ brand: brand.brand, condition, warranty: warranty(d, condition) }),
    price: clampPrice(roundPrice(usd * factor * USD), [15_000, 150_000]),
  };
}

function electronics(ctx: Ctx): Draft {
  return ctx.d.weighted([
    [phone, 60],
    [computer, 25],
    [tv, 15],
  ] as const)(ctx);
}

// Furniture --------------------------------------------------------------------------------

const FURNITURE: { sub: number; type: string; en: string; ar: string; usd: [number, number] }[] = [
  { sub: 501, type: "sofas", en: "Sofa set 7 seats", ar: "طقم كنب 7 مقاعد", usd: [250, 900] },
  {
    sub: 501,
    type: "sofas",
    en: "L-shaped corner sofa with cushions",
    ar: "كنباية زاوية مع مخدات",
    usd: [200, 600],
  },
  { sub: 501, type: "tables", en: "Walnut coffee table", ar: "طاولة وسط خشب جوز", usd: [40, 150] },
  {
    sub: 501,
    type: "tv_units",
    en: "TV unit with drawers",
    ar: "طاولة تلفزيون مع جوارير",
    usd: [60, 200],
  },
  {
    sub: 502,
    type: "beds",
    en: "Complete bedroom set, beech wood",
    ar: "غرفة نوم كاملة خشب زان",
    usd: [500, 1_600],
  },
  {
    sub: 502,
    type: "beds",
    en: "Double bed with medical mattress",
    ar: "تخت مجوز مع فرشة طبية",
    usd: [150, 400],
  },
  {
    sub: 502,
    type: "wardrobes",
    en: "4-door wardrobe",
    ar: "خزانة ملابس 4 أبواب",
    usd: [150, 450],
  },
  { sub: 502, type: "dressers", en: "Dresser with mirror", ar: "تسريحة مع مراية", usd: [60, 200] },
  { sub: 502, type: "nightstands", en: "Pair of nightstands", ar: "كومودينتين", usd: [40, 120] },
  {
    sub: 502,
    type: "children",
    en: "Kids' bed with desk",
    ar: "تخت أطفال مع مكتب",
    usd: [120, 350],
  },
  {
    sub: 503,
    type: "dining_sets",
    en: "Dining table with 6 chairs",
    ar: "طاولة سفرة مع 6 كراسي",
    usd: [200, 800],
  },
  {
    sub: 503,
    type: "kitchen_islands",
    en: "Kitchen island, marble top",
    ar: "جزيرة مطبخ رخام",
    usd: [200, 600],
  },
  {
    sub: 503,
    type: "bar_tables",
    en: "Bar table with 2 stools",
    ar: "طاولة بار مع كرسيين",
    usd: [60, 180],
  },
  { sub: 503, type: "cabinets", en: "Dining room buffet", ar: "بوفيه سفرة", usd: [100, 400] },
  {
    sub: 504,
    type: "office",
    en: "Wooden office desk with swivel chair",
    ar: "مكتب خشب مع كرسي دوار",
    usd: [80, 300],
  },
  {
    sub: 504,
    type: "study_tables",
    en: "Study desk for students",
    ar: "طاولة دراسة للطلاب",
    usd: [40, 120],
  },
  {
    sub: 504,
    type: "bookcases",
    en: "Bookcase, 5 shelves",
    ar: "مكتبة خشب 5 رفوف",
    usd: [50, 150],
  },
  { sub: 504, type: "chairs", en: "Ergonomic office chair", ar: "كرسي مكتب طبي", usd: [60, 200] },
  {
    sub: 505,
    type: "chairs",
    en: "Garden chairs (4) with table",
    ar: "طقم كراسي حديقة مع طاولة",
    usd: [80, 300],
  },
  { sub: 505, type: "other", en: "Garden swing", ar: "مرجوحة حديقة", usd: [100, 300] },
];

const FURNITURE_CONDITION_AR: Record<string, string> = {
  new: "جديد",
  like_new: "شبه جديد",
  excellent: "بحالة ممتازة",
  good: "نظيف",
  fair: "وضعه مقبول",
  poor: "بحاجة تصليح",
};
const FURNITURE_CONDITION_EN: Record<string, string> = {
  new: "brand new",
  like_new: "like new",
  excellent: "excellent condition",
  good: "good condition",
  fair: "fair condition",
  poor: "needs repair",
};

function furniture(ctx: Ctx): Draft {
  const { d } = ctx;
  const item = d.pick(FURNITURE);
  const condition = d.weighted([
    ["new", 12],
    ["like_new", 25],
    ["excellent", 20],
    ["good", 28],
    ["fair", 10],
    ["poor", 5],
  ] as const);
  const factor = { new: 1.1, like_new: 0.9, excellent: 0.8, good: 0.7, fair: 0.55, poor: 0.4 }[
    condition
  ];
  return {
    categoryId: 5,
    subcategoryId: item.sub,
    image: "furniture",
    titleEn: d.pick([
      `${item.en}, ${FURNITURE_CONDITION_EN[condition]}`,
      `${item.en} for sale – ${ctx.place.city.name}`,
    ]),
    titleAr: d.pick([
      `${item.ar} ${FURNITURE_CONDITION_AR[condition]}`,
      `للبيع ${item.ar}`,
      `${item.ar} بسعر مغري بداعي السفر`,
    ]),
    descEn: [
      "Solid wood, Damascene workmanship.",
      "Used for one year only.",
      "Buyer takes care of transport.",
      "Can send more photos on request.",
      "Price negotiable.",
    ],
    descAr: [
      "خشب طبيعي، شغل شامي.",
      "مستعمل سنة واحدة فقط.",
      "النقل على حساب المشتري.",
      "بعتلك صور زيادة عند الطلب.",
      "السعر قابل للتفاوض.",
    ],
    details: { type: item.type, condition },
    price: clampPrice(
      roundPrice(d.float(item.usd[0], item.usd[1]) * factor * USD),
      [5_000, 200_000],
    ),
  };
}

// Services ---------------------------------------------------------------------------------

const SERVICES: {
  sub: number | null;
  type: string;
  en: (place: Place) => string;
  ar: (place: Place) => string;
  usd: [number, number];
}[] = [
  {
    sub: 702,
    type: "moving",
    en: (p) => `Furniture moving within ${p.city.name} and its countryside`,
    ar: (p) => `خدمات نقل عفش داخل ${p.city.nameAr} وريفها`,
    usd: [20, 300],
  },
  {
    sub: 702,
    type: "moving",
    en: () => "Moving company – packing, transport and assembly",
    ar: () => "نقل أثاث مع فك وتركيب وتغليف",
    usd: [40, 400],
  },
  {
    sub: 702,
    type: "delivery",
    en: (p) => `Delivery of orders inside ${p.city.name}`,
    ar: (p) => `توصيل طلبات داخل ${p.city.nameAr}`,
    usd: [10, 40],
  },
  {
    sub: 701,
    type: "cleaning",
    en: () => "House and office cleaning at fair prices",
    ar: () => "تنظيف منازل ومكاتب بأسعار مناسبة",
    usd: [15, 80],
  },
  {
    sub: 701,
    type: "cleaning",
    en: () => "Sofa and carpet steam cleaning at your home",
    ar: () => "تنظيف كنب وسجاد بالبخار في المنزل",
    usd: [10, 60],
  },
  {
    sub: 703,
    type: "repair",
    en: () => "Washing machine and fridge repair at home",
    ar: () => "صيانة غسالات وبرادات في المنزل",
    usd: [10, 60],
  },
  {
    sub: 703,
    type: "repair",
    en: () => "Electrician available for home repairs",
    ar: () => "كهربائي منازل تمديد وصيانة",
    usd: [10, 80],
  },
  {
    sub: 703,
    type: "repair",
    en: () => "Mobile phone repair and screen replacement",
    ar: () => "تصليح موبايلات وتبديل شاشات",
    usd: [10, 120],
  },
  {
    sub: 703,
    type: "repair",
    en: () => "Solar panel installation and maintenance",
    ar: () => "تركيب وصيانة ألواح طاقة شمسية",
    usd: [60, 400],
  },
  {
    sub: 703,
    type: "repair",
    en: () => "AC installation and maintenance",
    ar: () => "تركيب وصيانة مكيفات",
    usd: [15, 120],
  },
  {
    sub: 703,
    type: "repair",
    en: () => "Plumber – fast response",
    ar: () => "سمكري أدوات صحية، صيانة سريعة",
    usd: [10, 60],
  },
  {
    sub: null,
    type: "other",
    en: () => "Private maths lessons for baccalaureate students",
    ar: () => "دروس خصوصية رياضيات لطلاب البكالوريا",
    usd: [10, 30],
  },
  {
    sub: null,
    type: "other",
    en: () => "Certified translation Arabic–English",
    ar: () => "ترجمة محلفة عربي - إنكليزي",
    usd: [10, 50],
  },
];

const DURATIONS: [en: string, ar: string][] = [
  ["2 hours", "ساعتين"],
  ["Full day", "يوم كامل"],
  ["Depends on the job", "حسب حجم الشغل"],
  ["30 minutes", "نص ساعة"],
  ["Same day", "بنفس اليوم"],
];

function services(ctx: Ctx): Draft {
  const { d, place } = ctx;
  const service = d.pick(SERVICES);
  const textAr = ctx.mode === "ar" || (ctx.mode === "both" && ctx.textLang === "ar");
  const duration = maybe(d, 0.5, () => d.pick(DURATIONS));
  return {
    categoryId: 7,
    subcategoryId: service.sub,
    image: "services",
    titleEn: service.en(place),
    titleAr: service.ar(place),
    descEn: [
      "Experienced team, fast and careful work.",
      `We cover all areas of ${place.city.name}.`,
      "Call or message any time for a free quote.",
      "Guarantee on all work.",
      "Prices start from the amount shown.",
    ],
    descAr: [
      "فريق خبرة، شغل سريع ونظيف.",
      `نغطي كل مناطق ${place.city.nameAr}.`,
      "اتصل أو راسلنا بأي وقت لتسعيرة مجانية.",
      "كفالة على كل الشغل.",
      "الأسعار تبدأ من المبلغ المذكور.",
    ],
    details: compact({
      service_type: service.type,
      duration: duration ? (textAr ? duration[1] : duration[0]) : undefined,
      availability: d.weighted([
        ["anytime", 5],
        ["weekdays", 3],
        ["weekends", 1],
      ] as const),
    }),
    price: clampPrice(roundPrice(d.float(service.usd[0], service.usd[1]) * USD), [1_000, 50_000]),
  };
}

// Browse-only categories -------------------------------------------------------------------

const FASHION: { sub: number; en: string; ar: string; usd: [number, number] }[] = [
  { sub: 601, en: "Men's leather jacket, size L", ar: "جاكيت جلد رجالي مقاس L", usd: [40, 150] },
  {
    sub: 601,
    en: "Men's suit, Turkish, size 50",
    ar: "طقم رسمي رجالي تركي قياس 50",
    usd: [60, 200],
  },
  { sub: 602, en: "Women's winter coat, size M", ar: "كبوت شتوي نسائي مقاس M", usd: [30, 120] },
  { sub: 602, en: "Evening dress, worn once", ar: "فستان سهرة لبس مرة وحدة", usd: [40, 250] },
  {
    sub: 603,
    en: "Kids' clothes bundle, age 3–4",
    ar: "مجموعة ألبسة أطفال عمر ٣-٤ سنوات",
    usd: [15, 50],
  },
  {
    sub: 604,
    en: "Original Nike running shoes, size 42",
    ar: "حذاء رياضي نايك أصلي نمرة 42",
    usd: [30, 110],
  },
  { sub: 604, en: "Leather handbag", ar: "شنتاية جلد نسائية", usd: [20, 90] },
  { sub: 605, en: "Original Casio watch", ar: "ساعة كاسيو أصلية", usd: [25, 150] },
];

function fashion(ctx: Ctx): Draft {
  const { d } = ctx;
  const item = d.pick(FASHION);
  return {
    categoryId: 6,
    subcategoryId: item.sub,
    image: "fashion",
    titleEn: item.en,
    titleAr: item.ar,
    descEn: [
      "Like new, no defects.",
      "Original, bought from abroad.",
      "Delivery possible inside the city.",
    ],
    descAr: ["شبه جديد، ما فيه ولا عيب.", "أصلي، مجيوب من برا.", "يوجد توصيل داخل المدينة."],
    details: {},
    price: clampPrice(roundPrice(d.float(item.usd[0], item.usd[1]) * USD), [1_000, 60_000]),
  };
}

const COMMUNITY: { sub: number; en: string; ar: string; usd: [number, number] }[] = [
  {
    sub: 801,
    en: "Volunteer clean-up day in Tishreen Park",
    ar: "فعالية تطوعية لتنظيف حديقة تشرين",
    usd: [0, 0],
  },
  { sub: 801, en: "Charity bazaar this Friday", ar: "بازار خيري يوم الجمعة", usd: [0, 0] },
  {
    sub: 802,
    en: "Lost cat near Abu Rummaneh, reward offered",
    ar: "قطة ضايعة بأبو رمانة، مكافأة لمن يجدها",
    usd: [0, 0],
  },
  { sub: 802, en: "Found: wallet with ID card", ar: "لقيت جزدان فيه هوية", usd: [0, 0] },
  {
    sub: 803,
    en: "Volunteers needed for a reading club for children",
    ar: "مطلوب متطوعين لنادي قراءة للأطفال",
    usd: [0, 0],
  },
  {
    sub: 804,
    en: "English course for beginners in Mezzeh",
    ar: "دورة لغة إنكليزية للمبتدئين في المزة",
    usd: [20, 80],
  },
  {
    sub: 804,
    en: "ICDL computer course, evening classes",
    ar: "دورة كمبيوتر ICDL دوام مسائي",
    usd: [20, 60],
  },
];

function community(ctx: Ctx): Draft {
  const { d } = ctx;
  const item = d.pick(COMMUNITY);
  const price =
    item.usd[1] === 0
      ? 0
      : clampPrice(roundPrice(d.float(item.usd[0], item.usd[1]) * USD), [1_000, 20_000]);
  return {
    categoryId: 8,
    subcategoryId: item.sub,
    image: "community",
    titleEn: item.en,
    titleAr: item.ar,
    descEn: [
      "Everyone is welcome.",
      "Please share with your friends.",
      "Contact us through Souqna messages.",
    ],
    descAr: ["الكل مرحب فيه.", "شاركوا الإعلان مع أصحابكم.", "تواصلوا معنا عبر رسائل سوقنا."],
    details: {},
    price,
  };
}

// Every postable category comes first, so even a handful of listings shows them all.
const CATEGORY_DRAFTS: [(ctx: Ctx) => Draft, number][] = [
  [motors, 24],
  [propertyDraft, 20],
  [electronics, 20],
  [jobs, 10],
  [services, 11],
  [furniture, 11],
  [fashion, 3],
  [community, 1],
];
const POSTABLE_DRAFT_COUNT = 6;

// ---------------------------------------------------------------------------------------------
// Members

const FIRST_NAMES: [en: string, ar: string][] = [
  ["Mohammad", "محمد"],
  ["Ahmad", "أحمد"],
  ["Khaled", "خالد"],
  ["Omar", "عمر"],
  ["Samer", "سامر"],
  ["Rami", "رامي"],
  ["Basel", "باسل"],
  ["Fadi", "فادي"],
  ["Mazen", "مازن"],
  ["Wassim", "وسيم"],
  ["Hussam", "حسام"],
  ["Tarek", "طارق"],
  ["George", "جورج"],
  ["Elias", "إلياس"],
  ["Maher", "ماهر"],
  ["Abdulrahman", "عبد الرحمن"],
  ["Youssef", "يوسف"],
  ["Alaa", "علاء"],
  ["Ayham", "أيهم"],
  ["Ghaith", "غيث"],
  ["Kinan", "كنان"],
  ["Majd", "مجد"],
  ["Rana", "رنا"],
  ["Lina", "لينا"],
  ["Sara", "سارة"],
  ["Reem", "ريم"],
  ["Hiba", "هبة"],
  ["Nour", "نور"],
  ["Dima", "ديما"],
  ["Rahaf", "رهف"],
  ["Lama", "لمى"],
  ["Mais", "ميس"],
  ["Rawan", "روان"],
  ["Joud", "جود"],
  ["Salma", "سلمى"],
  ["Yara", "يارا"],
  ["Hala", "هالة"],
  ["Bushra", "بشرى"],
];

const FAMILY_NAMES: [en: string, ar: string][] = [
  ["Al-Halabi", "الحلبي"],
  ["Al-Shami", "الشامي"],
  ["Al-Khatib", "الخطيب"],
  ["Al-Ahmad", "الأحمد"],
  ["Al-Ali", "العلي"],
  ["Al-Hasan", "الحسن"],
  ["Al-Masri", "المصري"],
  ["Haddad", "حداد"],
  ["Khoury", "خوري"],
  ["Nassar", "نصار"],
  ["Al-Zoubi", "الزعبي"],
  ["Al-Qasem", "القاسم"],
  ["Al-Droubi", "الدروبي"],
  ["Al-Atassi", "الأتاسي"],
  ["Al-Jundi", "الجندي"],
  ["Al-Homsi", "الحمصي"],
  ["Kabbani", "قباني"],
  ["Al-Attar", "العطار"],
  ["Suleiman", "سليمان"],
  ["Al-Rifai", "الرفاعي"],
  ["Issa", "عيسى"],
  ["Murad", "مراد"],
  ["Darwish", "درويش"],
  ["Al-Kurdi", "الكردي"],
  ["Al-Najjar", "النجار"],
  ["Al-Sabbagh", "الصباغ"],
  ["Makhlouf", "مخلوف"],
  ["Barakat", "بركات"],
];

/** About 12 members for a small demo, growing with the square root up to 200 for 100k. */
export function demoMemberCount(listingCount: number) {
  return Math.min(200, Math.max(12, Math.round(Math.sqrt(listingCount) * 0.64)));
}

function slug(text: string) {
  return text.toLowerCase().replace(/[^a-z]/g, "");
}

/**
 * Member n is the same person in every run (own PRNG seeded by n), so re-seeding reuses rows
 * instead of inventing a second "demo-3".
 */
function demoMember(n: number, now: Date) {
  const d = new Dice(mulberry32(n * 2_654_435_761));
  const [firstEn, firstAr] = d.pick(FIRST_NAMES);
  const [familyEn, familyAr] = d.pick(FAMILY_NAMES);
  const arabic = d.chance(0.65);
  const fullName = arabic ? `${firstAr} ${familyAr}` : `${firstEn} ${familyEn}`;
  // A letters-only base plus the member number can never collide with another member's name.
  const base = d.pick([
    `${slug(firstEn)}_${slug(familyEn)}`,
    slug(firstEn),
    `${slug(familyEn)}_${slug(firstEn)}`,
    `${slug(firstEn)}${slug(familyEn).slice(0, 1)}`,
  ]);
  const suffix = String(n);
  const username = `${base.slice(0, 30 - suffix.length)}${suffix}`;
  const city = d.weighted(PLACES);
  const createdAt = new Date(now.getTime() - d.float(61, 365) * DAY_MS);
  const phone = `+9639${d.pick(["3", "4", "5", "6", "8", "9"])}${String(d.int(0, 9_999_999)).padStart(7, "0")}`;
  return {
    user: {
      id: `demo-${n}`,
      name: fullName,
      email: `demo${n}@demo.souqna.app`,
      emailVerified: d.chance(0.85),
      createdAt,
      updatedAt: createdAt,
    },
    profile: {
      id: `demo-${n}`,
      username,
      fullName,
      location: arabic ? city.nameAr : city.name,
      phoneNumber: phone,
      preferredLanguage: (arabic ? "ar" : "en") as "ar" | "en",
      createdAt,
      updatedAt: createdAt,
    },
  };
}

async function ensureMembers(db: Database, count: number, now: Date) {
  const members = Array.from({ length: count }, (_, i) => demoMember(i + 1, now));
  const inserted = await db.transaction(async (tx) => {
    const rows = await tx
      .insert(users)
      .values(members.map((m) => m.user))
      .onConflictDoNothing()
      .returning({ id: users.id });
    await tx
      .insert(profiles)
      .values(members.map((m) => m.profile))
      .onConflictDoNothing();
    return rows.length;
  });
  // Someone may own a demo address under another id; only members that exist can own listings.
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(
      inArray(
        users.id,
        members.map((m) => m.user.id),
      ),
    );
  const ids = new Set(existing.map((row) => row.id));
  return { inserted, ownerIds: members.map((m) => m.user.id).filter((id) => ids.has(id)) };
}

// ---------------------------------------------------------------------------------------------
// Images

type ImageCategory = CategorySlug;

interface PoolImage {
  storageKey: string;
  variants: { width: number; height: number; key: string }[];
  width: number;
  height: number;
}

const IMAGE_CATEGORIES: ImageCategory[] = [
  "motors",
  "property",
  "jobs",
  "electronics",
  "furniture",
  "fashion",
  "services",
  "community",
];

const BASE_HUE: Record<ImageCategory, number> = {
  motors: 205,
  property: 30,
  jobs: 260,
  electronics: 180,
  furniture: 15,
  fashion: 320,
  services: 50,
  community: 140,
};

function hsl(h: number, s: number, l: number) {
  return `hsl(${Math.round(((h % 360) + 360) % 360)} ${Math.round(s)}% ${Math.round(l)}%)`;
}

function drawCar(d: Dice, color: string) {
  const roof = d.int(300, 350);
  return `
  <ellipse cx="640" cy="735" rx="470" ry="34" fill="#000" opacity=".18"/>
  <path d="M170 620 Q150 520 260 495 L390 475 L480 ${roof} Q500 ${roof - 18} 540 ${roof - 18} L820 ${roof - 18} Q860 ${roof - 18} 890 ${roof + 10} L990 470 L1080 495 Q1140 515 1130 620 Z" fill="${color}"/>
  <path d="M505 ${roof + 20} L540 ${roof + 4} L665 ${roof + 4} L665 470 L430 470 Z" fill="#dff3ff" opacity=".9"/>
  <path d="M690 ${roof + 4} L820 ${roof + 4} Q845 ${roof + 4} 862 ${roof + 24} L930 470 L690 470 Z" fill="#dff3ff" opacity=".9"/>
  <rect x="1080" y="520" width="46" height="26" rx="8" fill="#fff6c8"/>
  <rect x="160" y="530" width="40" height="24" rx="8" fill="#ff6b5a"/>
  <circle cx="360" cy="640" r="92" fill="#1d1f24"/><circle cx="360" cy="640" r="42" fill="#c9ccd3"/>
  <circle cx="930" cy="640" r="92" fill="#1d1f24"/><circle cx="930" cy="640" r="42" fill="#c9ccd3"/>`;
}

function drawBuilding(d: Dice, color: string, accent: string) {
  const floors = d.int(4, 7);
  const top = 760 - floors * 85;
  let windows = "";
  for (let f = 0; f < floors - 1; f++) {
    for (let c = 0; c < 4; c++) {
      const lit = d.chance(0.35) ? "#ffe9a8" : "#cfe3f2";
      windows += `<rect x="${470 + c * 90}" y="${top + 40 + f * 85}" width="56" height="50" rx="4" fill="${lit}"/>`;
    }
  }
  return `
  <ellipse cx="640" cy="770" rx="520" ry="30" fill="#000" opacity=".15"/>
  <rect x="230" y="${top + 170}" width="200" height="${590 - top}" fill="${accent}"/>
  <rect x="850" y="${top + 110}" width="220" height="${650 - top}" fill="${accent}" opacity=".9"/>
  <rect x="440" y="${top}" width="400" height="${760 - top}" fill="${color}"/>
  <rect x="430" y="${top - 16}" width="420" height="22" fill="#3a3a44" opacity=".6"/>
  ${windows}
  <rect x="600" y="680" width="80" height="80" rx="6" fill="#5b4636"/>`;
}

function drawElectronics(d: Dice, n: number, color: string) {
  const kind = n % 3;
  const screen = `<linearGradient id="s" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(d.int(180, 260), 80, 60)}"/><stop offset="1" stop-color="${hsl(d.int(280, 340), 70, 45)}"/></linearGradient>`;
  if (kind === 0) {
    return `<defs>${screen}</defs>
  <ellipse cx="640" cy="800" rx="220" ry="24" fill="#000" opacity=".18"/>
  <rect x="490" y="130" width="300" height="640" rx="46" fill="#16171b"/>
  <rect x="510" y="170" width="260" height="560" rx="26" fill="url(#s)"/>
  <rect x="600" y="146" width="80" height="12" rx="6" fill="#333"/>`;
  }
  if (kind === 1) {
    return `<defs>${screen}</defs>
  <ellipse cx="640" cy="770" rx="470" ry="26" fill="#000" opacity=".16"/>
  <rect x="330" y="230" width="620" height="410" rx="22" fill="#25262c"/>
  <rect x="355" y="255" width="570" height="360" rx="8" fill="url(#s)"/>
  <path d="M250 660 L1030 660 L1080 735 Q1082 748 1066 748 L214 748 Q198 748 200 735 Z" fill="${color}"/>`;
  }
  return `<defs>${screen}</defs>
  <ellipse cx="640" cy="780" rx="300" ry="22" fill="#000" opacity=".16"/>
  <rect x="230" y="170" width="820" height="500" rx="18" fill="#111"/>
  <rect x="252" y="192" width="776" height="456" rx="6" fill="url(#s)"/>
  <rect x="610" y="670" width="60" height="70" fill="#2a2a2a"/>
  <rect x="500" y="735" width="280" height="22" rx="10" fill="#2a2a2a"/>`;
}

function drawSofa(color: string, accent: string) {
  return `
  <ellipse cx="640" cy="760" rx="500" ry="30" fill="#000" opacity=".16"/>
  <rect x="260" y="330" width="760" height="260" rx="50" fill="${accent}"/>
  <rect x="230" y="540" width="820" height="150" rx="34" fill="${color}"/>
  <rect x="180" y="440" width="130" height="270" rx="48" fill="${accent}"/>
  <rect x="970" y="440" width="130" height="270" rx="48" fill="${accent}"/>
  <rect x="330" y="520" width="300" height="60" rx="26" fill="#fff" opacity=".18"/>
  <rect x="650" y="520" width="300" height="60" rx="26" fill="#fff" opacity=".18"/>
  <rect x="250" y="705" width="34" height="50" rx="6" fill="#4a3426"/>
  <rect x="996" y="705" width="34" height="50" rx="6" fill="#4a3426"/>`;
}

function drawBriefcase(color: string, accent: string) {
  return `
  <ellipse cx="640" cy="790" rx="380" ry="28" fill="#000" opacity=".16"/>
  <path d="M545 330 L545 270 Q545 240 575 240 L705 240 Q735 240 735 270 L735 330" fill="none" stroke="${accent}" stroke-width="34"/>
  <rect x="360" y="330" width="560" height="430" rx="44" fill="${color}"/>
  <rect x="360" y="480" width="560" height="40" fill="${accent}"/>
  <rect x="600" y="460" width="80" height="80" rx="14" fill="#f1d27a"/>`;
}

function drawTools(color: string) {
  return `
  <ellipse cx="640" cy="800" rx="380" ry="26" fill="#000" opacity=".14"/>
  <g transform="rotate(-38 640 480)">
    <rect x="598" y="480" width="84" height="270" rx="32" fill="${color}"/>
    <rect x="627" y="210" width="26" height="280" fill="#a3a9b2"/>
    <path d="M627 210 L653 210 L647 176 L633 176 Z" fill="#7d838c"/>
  </g>
  <g transform="rotate(38 640 480)">
    <rect x="616" y="300" width="48" height="460" rx="20" fill="#8a5a3a"/>
    <rect x="520" y="200" width="240" height="110" rx="18" fill="#5b6270"/>
  </g>`;
}

function drawShirt(color: string, accent: string) {
  return `
  <ellipse cx="640" cy="810" rx="330" ry="24" fill="#000" opacity=".14"/>
  <path d="M500 200 L580 175 Q640 240 700 175 L780 200 L940 330 L860 430 L800 385 L800 780 L480 780 L480 385 L420 430 L340 330 Z" fill="${color}"/>
  <path d="M580 175 Q640 240 700 175" fill="none" stroke="${accent}" stroke-width="14"/>
  <rect x="560" y="420" width="70" height="60" rx="8" fill="${accent}" opacity=".5"/>`;
}

function drawPeople(color: string, accent: string) {
  return `
  <ellipse cx="640" cy="800" rx="460" ry="28" fill="#000" opacity=".14"/>
  <circle cx="420" cy="420" r="70" fill="${accent}"/><rect x="330" y="510" width="180" height="270" rx="80" fill="${accent}"/>
  <circle cx="860" cy="420" r="70" fill="${accent}"/><rect x="770" y="510" width="180" height="270" rx="80" fill="${accent}"/>
  <circle cx="640" cy="380" r="84" fill="${color}"/><rect x="530" y="485" width="220" height="300" rx="95" fill="${color}"/>
  <path d="M640 250 C600 200 540 235 575 280 L640 330 L705 280 C740 235 680 200 640 250 Z" fill="#ff5d73"/>`;
}

// Cars come in the colours Syrian streets are full of, not in a rainbow.
const CAR_COLOURS = [
  "#f2f2f0",
  "#b8bcc4",
  "#2b2d33",
  "#b3262e",
  "#1f4e8c",
  "#6b6f78",
  "#d9c7a0",
  "#2f6b3a",
];

function demoSvg(category: ImageCategory, n: number) {
  const d = new Dice(mulberry32(BASE_HUE[category] * 1_000 + n * 7_919));
  const hue = BASE_HUE[category] + (n - 1) * 41 + d.int(-12, 12);
  const top = hsl(hue, d.int(45, 70), d.int(70, 82));
  const bottom = hsl(hue + d.int(25, 60), d.int(45, 70), d.int(48, 62));
  const color =
    category === "motors"
      ? CAR_COLOURS[(n - 1) % CAR_COLOURS.length]!
      : hsl(hue + 180 + d.int(-30, 30), d.int(45, 75), d.int(35, 55));
  const accent = hsl(hue + 150 + d.int(-20, 20), d.int(25, 45), d.int(22, 38));
  const shape = {
    motors: () => drawCar(d, color),
    property: () => drawBuilding(d, color, accent),
    electronics: () => drawElectronics(d, n, color),
    furniture: () => drawSofa(color, accent),
    jobs: () => drawBriefcase(color, accent),
    services: () => drawTools(color),
    fashion: () => drawShirt(color, accent),
    community: () => drawPeople(color, accent),
  }[category]();
  const sunX = d.int(150, 1130);
  const sunY = d.int(100, 260);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="960" viewBox="0 0 1280 960">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="${d.float(0, 1).toFixed(2)}" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>
  <rect width="1280" height="960" fill="url(#bg)"/>
  <circle cx="${sunX}" cy="${sunY}" r="${d.int(60, 140)}" fill="#fff" opacity=".25"/>
  <rect y="${d.int(700, 760)}" width="1280" height="300" fill="#000" opacity=".07"/>
  ${shape}
</svg>`;
}

/**
 * Renders the shared picture pool once (8 per category, three widths each) and describes it.
 * Files that already exist are kept, so a restart or a second seed costs nothing.
 */
async function ensureImagePool(dataDir: string): Promise<Record<ImageCategory, PoolImage[]>> {
  const dir = path.join(dataDir, "media", "demo");
  fs.mkdirSync(dir, { recursive: true });
  const pool = {} as Record<ImageCategory, PoolImage[]>;
  const jobs: Promise<unknown>[] = [];
  for (const category of IMAGE_CATEGORIES) {
    pool[category] = [];
    for (let n = 1; n <= IMAGES_PER_CATEGORY; n++) {
      const name = `${category}-${n}`;
      const variants = DEMO_IMAGE_WIDTHS.map((width) => ({
        width,
        height: (width * 3) / 4,
        key: `demo/${name}-${width}.webp`,
      }));
      const largest = variants[variants.length - 1]!;
      pool[category].push({
        storageKey: `demo/${name}`,
        variants,
        width: largest.width,
        height: largest.height,
      });
      const missing = variants.filter((v) => !fs.existsSync(path.join(dataDir, "media", v.key)));
      if (missing.length > 0) jobs.push(renderImage(dataDir, demoSvg(category, n), missing));
    }
  }
  await Promise.all(jobs);
  return pool;
}

async function renderImage(
  dataDir: string,
  svg: string,
  variants: { width: number; height: number; key: string }[],
) {
  // Rasterise once; raw pixels skip a PNG round trip for each width.
  const { data, info } = await sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  for (const variant of variants) {
    const target = path.join(dataDir, "media", variant.key);
    // Written under a temporary name and renamed, so a crash never leaves a half file that the
    // exists-check would then keep forever.
    const temp = `${target}.${process.pid}.tmp`;
    await sharp(data, { raw })
      .resize(variant.width, variant.height)
      .webp({ quality: 74, effort: 2 })
      .toFile(temp);
    fs.renameSync(temp, target);
  }
}

// ---------------------------------------------------------------------------------------------
// Listings

function composeDescription(d: Dice, sentences: string[], place: Place, km?: string) {
  const count = d.int(1, Math.min(4, sentences.length));
  const chosen = [sentences[0]!, ...d.sample(sentences.slice(1), count - 1)];
  const separator = d.chance(0.35) ? "\n" : " ";
  return chosen
    .join(separator)
    .replaceAll("{city}", place.city.name)
    .replaceAll("{km}", km ?? "");
}

function composeDescriptionAr(d: Dice, sentences: string[], place: Place, km?: string) {
  const count = d.int(1, Math.min(4, sentences.length));
  const chosen = [sentences[0]!, ...d.sample(sentences.slice(1), count - 1)];
  const separator = d.chance(0.35) ? "\n" : " ";
  return chosen
    .join(separator)
    .replaceAll("{city}", place.city.nameAr)
    .replaceAll("{km}", km ?? "");
}

type ListingRow = typeof listings.$inferInsert;
type DetailRow = typeof listingDetails.$inferInsert;
type ImageRow = typeof listingImages.$inferInsert;

function buildListing(
  d: Dice,
  index: number,
  now: Date,
  ownerIds: string[],
  pool: Record<ImageCategory, PoolImage[]>,
) {
  const place = pickPlace(d);
  const mode = d.weighted([
    ["ar", 50],
    ["en", 20],
    ["both", 30],
  ] as const);
  const ctx: Ctx = {
    d,
    place,
    mode,
    textLang: d.chance(0.6) ? "ar" : "en",
    year: now.getUTCFullYear(),
  };
  const makeDraft =
    index < POSTABLE_DRAFT_COUNT ? CATEGORY_DRAFTS[index]![0] : d.weighted(CATEGORY_DRAFTS);
  const draft = makeDraft(ctx);

  const km =
    typeof draft.details.kilometers === "number"
      ? groupThousands(draft.details.kilometers)
      : undefined;
  const style = pickArabicStyle(d);
  const urgent = d.chance(0.02);
  let titleAr = "";
  let descriptionAr = "";
  let title = "";
  let description = "";
  if (mode !== "en") {
    titleAr = styleArabic(`${urgent ? "عاجل: " : ""}${draft.titleAr}`, style, true);
    descriptionAr = styleArabic(composeDescriptionAr(d, draft.descAr, place, km), style, false);
  }
  if (mode !== "ar") {
    title = d.chance(0.06) ? draft.titleEn.toLowerCase() : draft.titleEn;
    description = composeDescription(d, draft.descEn, place, km);
  }

  // Recent days are busier: the density of ages falls off towards 60 days.
  const ageMs = LISTING_AGE_DAYS * DAY_MS * d.next() ** 1.6;
  const createdAt = new Date(now.getTime() - ageMs);
  const updatedAt = d.chance(0.7) ? createdAt : new Date(createdAt.getTime() + d.next() * ageMs);
  const status = d.weighted([
    ["active", 90],
    ["sold", 6],
    ["inactive", 4],
  ] as const);

  const id = crypto.randomUUID();
  const listing: ListingRow = {
    id,
    userId: ownerIds[Math.floor(ownerIds.length * d.next() ** 1.7)]!,
    categoryId: draft.categoryId,
    subcategoryId: draft.subcategoryId,
    title,
    titleAr,
    description,
    descriptionAr,
    price: draft.price,
    location: place.city.name,
    locationAr: place.city.nameAr,
    cityId: place.city.id,
    status,
    featured: d.chance(0.03),
    viewsCount: Math.floor(2_000 * d.next() ** 5),
    createdAt,
    updatedAt,
  };
  const detail: DetailRow = { listingId: id, details: draft.details };
  const pictures = d.sample(
    pool[draft.image],
    d.weighted([
      [1, 30],
      [2, 25],
      [3, 25],
      [4, 20],
    ] as const),
  );
  const images: ImageRow[] = pictures.map((picture, sortOrder) => ({
    id: crypto.randomUUID(),
    listingId: id,
    storageKey: picture.storageKey,
    variants: picture.variants,
    width: picture.width,
    height: picture.height,
    isPrimary: sortOrder === 0,
    sortOrder,
    createdAt,
  }));
  return { listing, detail, images };
}

/**
 * One chunk's listings, details and images as one statement (atomic without a transaction's
 * round trips), each column passed as one array: a thousand rows are some thirty parameters
 * instead of twenty thousand, which is most of what building the statement cost. The status goes
 * as text: PGlite sends an array of a type it does not know (our enum) without its braces.
 */
function chunkInsert(listingRows: ListingRow[], detailRows: DetailRow[], imageRows: ImageRow[]) {
  const column = <T, V>(rows: T[], pick: (row: T) => V) => sql.param(rows.map(pick));
  const time = (value: Date | undefined) => (value ?? new Date()).toISOString();
  const l = (pick: (row: ListingRow) => unknown) => column(listingRows, pick);
  const i = (pick: (row: ImageRow) => unknown) => column(imageRows, pick);
  return sql`with new_listings as (
    insert into listings (id, user_id, category_id, subcategory_id, title, title_ar, description,
      description_ar, price, location, location_ar, city_id, status, featured, views_count,
      search_text, search_version, make, year, kilometers, created_at, updated_at)
    select id, user_id, category_id, subcategory_id, title, title_ar, description, description_ar,
      price, location, location_ar, city_id, status::listing_status, featured, views_count,
      search_text, search_version, make, year, kilometers, created_at, updated_at
    from unnest(${l((r) => r.id)}::uuid[], ${l((r) => r.userId)}::text[],
      ${l((r) => r.categoryId)}::int[], ${l((r) => r.subcategoryId ?? null)}::int[],
      ${l((r) => r.title ?? "")}::text[], ${l((r) => r.titleAr ?? "")}::text[],
      ${l((r) => r.description ?? "")}::text[], ${l((r) => r.descriptionAr ?? "")}::text[],
      ${l((r) => r.price)}::bigint[], ${l((r) => r.location ?? "")}::text[],
      ${l((r) => r.locationAr ?? "")}::text[], ${l((r) => r.cityId ?? null)}::text[],
      ${l((r) => r.status ?? "active")}::text[], ${l((r) => r.featured ?? false)}::boolean[],
      ${l((r) => r.viewsCount ?? 0)}::int[], ${l((r) => r.searchText ?? "")}::text[],
      ${l((r) => r.searchVersion ?? 0)}::int[], ${l((r) => r.make ?? null)}::text[],
      ${l((r) => r.year ?? null)}::numeric[], ${l((r) => r.kilometers ?? null)}::numeric[],
      ${l((r) => time(r.createdAt))}::timestamptz[], ${l((r) => time(r.updatedAt))}::timestamptz[])
      as u(id, user_id, category_id, subcategory_id, title, title_ar, description, description_ar,
        price, location, location_ar, city_id, status, featured, views_count, search_text,
        search_version, make, year, kilometers, created_at, updated_at)
  ), new_details as (
    insert into listing_details (listing_id, details)
    select * from unnest(${column(detailRows, (r) => r.listingId)}::uuid[],
      ${column(detailRows, (r) => JSON.stringify(r.details ?? {}))}::jsonb[])
  )
  insert into listing_images (id, listing_id, storage_key, variants, width, height, is_primary,
    sort_order, created_at)
  select * from unnest(${i((r) => r.id)}::uuid[], ${i((r) => r.listingId)}::uuid[],
    ${i((r) => r.storageKey)}::text[], ${i((r) => JSON.stringify(r.variants))}::jsonb[],
    ${i((r) => r.width)}::int[], ${i((r) => r.height)}::int[], ${i((r) => r.isPrimary ?? false)}::boolean[],
    ${i((r) => r.sortOrder ?? 0)}::int[], ${i((r) => time(r.createdAt))}::timestamptz[])`;
}

/**
 * Adds `count` realistic demo listings (with details and pictures) and the demo members who
 * post them. Inserts in multi-row chunks, one transaction each, so 100k listings take minutes.
 */
export async function seedDemo(options: SeedDemoOptions): Promise<SeedDemoResult> {
  const started = performance.now();
  const { db, dataDir, count, logger } = options;
  if (!Number.isInteger(count) || count < 0)
    throw new RangeError(`count must be a whole number, got ${count}`);
  const now = options.now ?? new Date();
  const d = new Dice(options.random ?? mulberry32(DEFAULT_SEED));

  const { inserted, ownerIds } = await ensureMembers(db, demoMemberCount(count), now);
  if (ownerIds.length === 0)
    throw new Error("No demo member could be created to own the demo listings");
  const pool = await ensureImagePool(dataDir);

  // Each chunk is one statement, sent before the next chunk is built: the server inserts one
  // while this process builds the next (PostgreSQL; PGlite runs in this thread either way).
  let pending: Promise<unknown> | undefined;
  for (let done = 0; done < count; ) {
    const size = Math.min(CHUNK_SIZE, count - done);
    const listingRows: ListingRow[] = [];
    const detailRows: DetailRow[] = [];
    const imageRows: ImageRow[] = [];
    for (let i = 0; i < size; i++) {
      const built = buildListing(d, done + i, now, ownerIds, pool);
      const { listing } = built;
      listingRows.push({
        ...listing,
        ...listingSearchColumns({
          title: listing.title ?? "",
          titleAr: listing.titleAr ?? "",
          description: listing.description ?? "",
          descriptionAr: listing.descriptionAr ?? "",
          cityId: listing.cityId ?? null,
          location: listing.location ?? "",
          locationAr: listing.locationAr ?? "",
          categoryId: listing.categoryId,
          details: built.detail.details,
        }),
        // Written here so the trigger that keeps these copies finds them already right.
        ...filterColumnsOf(built.detail.details),
      });
      detailRows.push(built.detail);
      imageRows.push(...built.images);
    }
    await pending;
    // A real promise: drizzle's query runs again on every then().
    pending = db.execute(chunkInsert(listingRows, detailRows, imageRows)).then(() => undefined);
    // Seen as handled until it is awaited above or below; a failure still throws there.
    pending.catch(() => {});
    // Lets the statement reach the server before the next chunk's building holds this thread.
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    const before = done;
    done += size;
    if (
      logger &&
      (Math.floor(before / PROGRESS_EVERY) !== Math.floor(done / PROGRESS_EVERY) || done === count)
    ) {
      if (done === count) await pending;
      logger.info(
        { listings: done, total: count, ms: Math.round(performance.now() - started) },
        "seeding demo listings",
      );
    }
  }
  await pending;

  return { listings: count, members: inserted, ms: performance.now() - started };
}

/** Seeds a fresh install so the first visit shows a living market; never touches a used one. */
export async function seedDemoIfEmpty(options: {
  db: Database;
  dataDir: string;
  logger?: SeedLogger;
  count?: number;
}): Promise<number> {
  const { db, dataDir, logger, count = 60 } = options;
  const existing = await db.select({ id: listings.id }).from(listings).limit(1);
  if (existing.length > 0) return 0;
  const result = await seedDemo({ db, dataDir, logger, count });
  return result.listings;
}
