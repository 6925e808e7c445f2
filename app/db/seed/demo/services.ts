import { type Ctx, compact, type Draft, freeTextInArabic, priceFromUsd } from "./draft";
import { maybe } from "./random";

/* Services: moving, cleaning, repairs and lessons; the price is where the tradesman's rates start. */

/** Subcategory, service type, English and Arabic titles ({city}: the seller's), dollar range. */
const SERVICE_ROWS: [number | null, string, string, string, number, number][] = [
  [
    702,
    "moving",
    "Furniture moving within {city} and its countryside",
    "خدمات نقل عفش داخل {city} وريفها",
    20,
    300,
  ],
  [
    702,
    "moving",
    "Moving company – packing, transport and assembly",
    "نقل أثاث مع فك وتركيب وتغليف",
    40,
    400,
  ],
  [702, "delivery", "Delivery of orders inside {city}", "توصيل طلبات داخل {city}", 10, 40],
  [
    701,
    "cleaning",
    "House and office cleaning at fair prices",
    "تنظيف منازل ومكاتب بأسعار مناسبة",
    15,
    80,
  ],
  [
    701,
    "cleaning",
    "Sofa and carpet steam cleaning at your home",
    "تنظيف كنب وسجاد بالبخار في المنزل",
    10,
    60,
  ],
  [
    703,
    "repair",
    "Washing machine and fridge repair at home",
    "صيانة غسالات وبرادات في المنزل",
    10,
    60,
  ],
  [703, "repair", "Electrician available for home repairs", "كهربائي منازل تمديد وصيانة", 10, 80],
  [
    703,
    "repair",
    "Mobile phone repair and screen replacement",
    "تصليح موبايلات وتبديل شاشات",
    10,
    120,
  ],
  [
    703,
    "repair",
    "Solar panel installation and maintenance",
    "تركيب وصيانة ألواح طاقة شمسية",
    60,
    400,
  ],
  [703, "repair", "AC installation and maintenance", "تركيب وصيانة مكيفات", 15, 120],
  [703, "repair", "Plumber – fast response", "سمكري أدوات صحية، صيانة سريعة", 10, 60],
  [
    null,
    "other",
    "Private maths lessons for baccalaureate students",
    "دروس خصوصية رياضيات لطلاب البكالوريا",
    10,
    30,
  ],
  [null, "other", "Certified translation Arabic–English", "ترجمة محلفة عربي - إنكليزي", 10, 50],
];
const SERVICES = SERVICE_ROWS.map(([sub, type, en, ar, low, high]) => ({
  sub,
  type,
  en,
  ar,
  usd: [low, high] as const,
}));

const DURATIONS: [en: string, ar: string][] = [
  ["2 hours", "ساعتين"],
  ["Full day", "يوم كامل"],
  ["Depends on the job", "حسب حجم الشغل"],
  ["30 minutes", "نص ساعة"],
  ["Same day", "بنفس اليوم"],
];

export function services(ctx: Ctx): Draft {
  const { d, place } = ctx;
  const service = d.pick(SERVICES);
  const textAr = freeTextInArabic(ctx);
  const duration = maybe(d, 0.5, () => d.pick(DURATIONS));
  return {
    categoryId: 7,
    subcategoryId: service.sub,
    image: "services",
    titleEn: service.en.replace("{city}", place.city.name),
    titleAr: service.ar.replace("{city}", place.city.nameAr),
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
    price: priceFromUsd(d, service.usd, [1_000, 50_000]),
  };
}

// Browse-only categories -------------------------------------------------------------------
