import { type Ctx, type Draft, priceFromUsd } from "./draft";

/* Community: events, lost and found, volunteering and courses; browsable but not postable. */

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

export function community(ctx: Ctx): Draft {
  const { d } = ctx;
  const item = d.pick(COMMUNITY);
  const price = item.usd[1] === 0 ? 0 : priceFromUsd(d, item.usd, [1_000, 20_000]);
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
