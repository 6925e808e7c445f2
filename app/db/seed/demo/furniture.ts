import { type Ctx, type Draft, priceFromUsd } from "./draft";

/* Furniture: living, bedroom, dining, office and garden pieces, priced by condition. */

/** Subcategory, type option, English and Arabic names, price range in dollars. */
const FURNITURE = (
  [
    [501, "sofas", "Sofa set 7 seats", "طقم كنب 7 مقاعد", 250, 900],
    [501, "sofas", "L-shaped corner sofa with cushions", "كنباية زاوية مع مخدات", 200, 600],
    [501, "tables", "Walnut coffee table", "طاولة وسط خشب جوز", 40, 150],
    [501, "tv_units", "TV unit with drawers", "طاولة تلفزيون مع جوارير", 60, 200],
    [502, "beds", "Complete bedroom set, beech wood", "غرفة نوم كاملة خشب زان", 500, 1_600],
    [502, "beds", "Double bed with medical mattress", "تخت مجوز مع فرشة طبية", 150, 400],
    [502, "wardrobes", "4-door wardrobe", "خزانة ملابس 4 أبواب", 150, 450],
    [502, "dressers", "Dresser with mirror", "تسريحة مع مراية", 60, 200],
    [502, "nightstands", "Pair of nightstands", "كومودينتين", 40, 120],
    [502, "children", "Kids' bed with desk", "تخت أطفال مع مكتب", 120, 350],
    [503, "dining_sets", "Dining table with 6 chairs", "طاولة سفرة مع 6 كراسي", 200, 800],
    [503, "kitchen_islands", "Kitchen island, marble top", "جزيرة مطبخ رخام", 200, 600],
    [503, "bar_tables", "Bar table with 2 stools", "طاولة بار مع كرسيين", 60, 180],
    [503, "cabinets", "Dining room buffet", "بوفيه سفرة", 100, 400],
    [504, "office", "Wooden office desk with swivel chair", "مكتب خشب مع كرسي دوار", 80, 300],
    [504, "study_tables", "Study desk for students", "طاولة دراسة للطلاب", 40, 120],
    [504, "bookcases", "Bookcase, 5 shelves", "مكتبة خشب 5 رفوف", 50, 150],
    [504, "chairs", "Ergonomic office chair", "كرسي مكتب طبي", 60, 200],
    [505, "chairs", "Garden chairs (4) with table", "طقم كراسي حديقة مع طاولة", 80, 300],
    [505, "other", "Garden swing", "مرجوحة حديقة", 100, 300],
  ] satisfies [number, string, string, string, number, number][]
).map(([sub, type, en, ar, low, high]) => ({ sub, type, en, ar, usd: [low, high] as const }));

const CONDITION_LABEL: Record<string, { en: string; ar: string }> = {
  new: { en: "brand new", ar: "جديد" },
  like_new: { en: "like new", ar: "شبه جديد" },
  excellent: { en: "excellent condition", ar: "بحالة ممتازة" },
  good: { en: "good condition", ar: "نظيف" },
  fair: { en: "fair condition", ar: "وضعه مقبول" },
  poor: { en: "needs repair", ar: "بحاجة تصليح" },
};

export function furniture(ctx: Ctx): Draft {
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
      `${item.en}, ${CONDITION_LABEL[condition]!.en}`,
      `${item.en} for sale – ${ctx.place.city.name}`,
    ]),
    titleAr: d.pick([
      `${item.ar} ${CONDITION_LABEL[condition]!.ar}`,
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
    price: priceFromUsd(d, item.usd, [5_000, 200_000], factor),
  };
}
