import { type Ctx, type Draft, priceFromUsd } from "./draft";

/* Fashion: browsable but not offered in the posting form, so it has no detail fields. */

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

export function fashion(ctx: Ctx): Draft {
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
    price: priceFromUsd(d, item.usd, [1_000, 60_000]),
  };
}
