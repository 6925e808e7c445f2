import { carMakes } from "../../reference-data/car-makes";
import type { CarMakeRef } from "../../reference-data/types";
import {
  type Ctx,
  clampPrice,
  compact,
  type Draft,
  groupThousands,
  priceFromUsd,
  roundPrice,
  roundTo,
  USD,
} from "./draft";
import { spotEn } from "./places";
import { type Dice, maybe } from "./random";

/* Motors: cars (most of it), motorcycles and spare parts, priced the way Syria's old fleet sells. */

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

export function motors(ctx: Ctx): Draft {
  const kind = ctx.d.weighted([
    [car, 80],
    [motorcycle, 10],
    [autoPart, 10],
  ] as const);
  return kind(ctx);
}
