import { type Ctx, clampPrice, compact, type Draft, priceFromUsd, roundPrice, USD } from "./draft";
import { type Dice, maybe } from "./random";

/* Electronics: phones (most of it), computers and televisions, priced by model and condition. */

interface DeviceRef {
  brand: string;
  en: string;
  ar: string;
  usd: [number, number];
  storage?: number[];
}

function device(
  brand: string,
  en: string,
  ar: string,
  usd: [number, number],
  storage?: number[],
): DeviceRef {
  return { brand, en, ar, usd, storage };
}

const PHONES: DeviceRef[] = [
  device("apple", "iPhone X", "ايفون X", [120, 170], [64, 256]),
  device("apple", "iPhone 11", "ايفون 11", [180, 260], [64, 128]),
  device("apple", "iPhone 12", "ايفون 12", [250, 350], [64, 128, 256]),
  device("apple", "iPhone 13", "ايفون 13", [330, 450], [128, 256]),
  device("apple", "iPhone 13 Pro Max", "ايفون 13 برو ماكس", [500, 650], [128, 256, 512]),
  device("apple", "iPhone 14 Pro", "آيفون 14 برو", [600, 800], [128, 256]),
  device("apple", "iPhone 15 Pro Max", "ايفون 15 برو ماكس", [950, 1_300], [256, 512]),
  device(
    "samsung",
    "Samsung Galaxy S22 Ultra",
    "سامسونج جالاكسي S22 الترا",
    [450, 650],
    [256, 512],
  ),
  device("samsung", "Samsung Galaxy S21", "سامسونغ S21", [250, 350], [128, 256]),
  device("samsung", "Samsung Galaxy A54", "سامسونج A54", [250, 330], [128, 256]),
  device("samsung", "Samsung Galaxy A14", "سامسونج جلاكسي A14", [110, 160], [64, 128]),
  device("samsung", "Galaxy Note 20 Ultra", "نوت 20 الترا", [380, 480], [256]),
  device("xiaomi", "Xiaomi Redmi Note 12", "شاومي ريدمي نوت 12", [150, 220], [128, 256]),
  device("xiaomi", "Poco X5 Pro", "بوكو X5 برو", [220, 290], [256]),
  device("huawei", "Huawei P30 Pro", "هواوي P30 برو", [180, 250], [128, 256]),
  device("huawei", "Huawei Nova 9", "هواوي نوفا 9", [200, 260], [128]),
  device("oppo", "Oppo Reno 8", "أوبو رينو 8", [250, 330], [256]),
  device("realme", "Realme C55", "ريلمي C55", [130, 170], [128, 256]),
  device("infinix", "Infinix Hot 30", "انفينكس هوت 30", [100, 140], [128]),
  device("tecno", "Tecno Spark 10 Pro", "تكنو سبارك 10 برو", [100, 140], [128, 256]),
  device("honor", "Honor X8", "هونر X8", [150, 200], [128]),
  device("nokia", "Nokia G21", "نوكيا G21", [90, 130], [64]),
];

const COMPUTERS: DeviceRef[] = [
  device(
    "lenovo",
    "Lenovo ThinkPad T480 i5 8th gen",
    "لابتوب لينوفو ثينك باد T480 i5 جيل ثامن",
    [220, 320],
  ),
  device("hp", "HP EliteBook 840 G5 i7", "لابتوب HP اليت بوك 840 G5 i7", [250, 380]),
  device(
    "dell",
    "Dell Latitude 7490 i7, 16GB RAM",
    "لابتوب ديل لاتيتيود 7490 i7 رام 16",
    [260, 400],
  ),
  device("dell", "Dell Inspiron 15 3000", "ديل انسبايرون 15", [200, 300]),
  device("asus", "Asus VivoBook 15", "أسوس فيفو بوك 15", [250, 380]),
  device(
    "asus",
    "Asus ROG Strix G15 gaming laptop RTX 3060",
    "لابتوب جيمنغ أسوس ROG كرت RTX 3060",
    [900, 1_450],
  ),
  device("apple", "MacBook Air M1 2020 8/256", "ماك بوك اير M1 2020", [550, 750]),
  device("apple", "MacBook Pro 14 M1 Pro", "ماك بوك برو 14 M1 Pro", [1_100, 1_600]),
  device("acer", "Acer Aspire 5 Ryzen 5", "ايسر اسباير 5 رايزن 5", [300, 420]),
  device("toshiba", "Toshiba Satellite i3", "توشيبا ساتالايت i3", [170, 230]),
  device(
    "hp",
    'HP desktop i5, 8GB RAM + 22" monitor',
    "كمبيوتر مكتبي HP i5 مع شاشة 22 انش",
    [200, 300],
  ),
  device("microsoft", "Microsoft Surface Pro 7", "مايكروسوفت سيرفس برو 7", [400, 600]),
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
/** How a seller words each condition; `other` says nothing. */
const CONDITION_LABEL: Record<string, { en: string; ar: string }> = {
  new: { en: "brand new", ar: "جديد" },
  like_new: { en: "like new", ar: "شبه جديد" },
  good: { en: "good condition", ar: "نظيف" },
  fair: { en: "fair condition", ar: "وضعه مقبول" },
  used: { en: "used, clean", ar: "مستعمل نظيف" },
  other: { en: "", ar: "" },
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
  const price = priceFromUsd(d, device.usd, [10_000, 180_000], CONDITION_FACTOR[condition]!);
  return {
    categoryId: 4,
    subcategoryId: 401,
    image: "electronics",
    titleEn: d.pick([
      `${device.en} ${storage}GB ${CONDITION_LABEL[condition]!.en}`.trim(),
      apple
        ? `${device.en} ${storage}GB, battery ${battery}%`
        : `${device.en} ${storage}GB with charger and box`,
      condition === "new"
        ? `${device.en} – brand new, sealed box`
        : `Selling my ${device.en}, ${storage}GB`,
    ]),
    titleAr: d.pick([
      `${nameAr} ${storage} ${CONDITION_LABEL[condition]!.ar}`.trim(),
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
  const price = priceFromUsd(d, device.usd, [20_000, 200_000], CONDITION_FACTOR[condition]!);
  return {
    categoryId: 4,
    subcategoryId: 402,
    image: "electronics",
    titleEn: d.pick([
      `${device.en}, ${CONDITION_LABEL[condition]!.en || "for sale"}`,
      `For sale: ${device.en}`,
    ]),
    titleAr: d.pick([
      `${device.ar} ${CONDITION_LABEL[condition]!.ar}`.trim(),
      `للبيع ${device.ar}`,
    ]),
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
      `${brand.en} ${size}" TV, ${CONDITION_LABEL[condition]!.en || "working perfectly"}`,
    ]),
    titleAr: d.pick([
      `شاشة ${brand.ar} ${size} انش ${smart ? "سمارت" : ""}${size >= 50 ? " 4K" : ""}`
        .replace(/\s+/g, " ")
        .trim(),
      `تلفزيون ${brand.ar} ${size} بوصة ${CONDITION_LABEL[condition]!.ar}`.trim(),
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

export function electronics(ctx: Ctx): Draft {
  return ctx.d.weighted([
    [phone, 60],
    [computer, 25],
    [tv, 15],
  ] as const)(ctx);
}
