import { type Ctx, clampPrice, compact, type Draft, roundPrice, roundTo } from "./draft";
import { type Place, spotAr, spotEn, whereAr, whereEn } from "./places";
import { type Dice, maybe } from "./random";

/* Property: apartments to rent or buy, villas and houses, shops, offices and land. */

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

const FURNISHING_LABEL: Record<string, { en: string; ar: string }> = {
  furnished: { en: "Furnished", ar: "مفروشة" },
  semi_furnished: { en: "Semi-furnished", ar: "نصف فرش" },
  unfurnished: { en: "Unfurnished", ar: "بدون فرش" },
  other: { en: "", ar: "" },
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
  const furnE = furnishing ? FURNISHING_LABEL[furnishing]!.en : "";
  const furnA = furnishing ? FURNISHING_LABEL[furnishing]!.ar : "";
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

export function property(ctx: Ctx): Draft {
  return ctx.d.weighted([
    [apartment, 70],
    [villa, 12],
    [commercial, 18],
  ] as const)(ctx);
}
