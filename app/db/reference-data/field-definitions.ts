import { categories } from "./categories";
import type { CategorySlug, FieldDefinition, FieldOption } from "./types";

// One definition per field (docs/product-decisions.md §D8): the form, the detail view, the card
// chips and the filter panel all read these. The spec's three slightly different value sets for a
// field are merged into one list of snake_case keys, so "like-new" (filter) and "like_new" (form)
// are the same stored value.

/** Evaluated once at module load; a long-running server restarted yearly is assumed. */
const CURRENT_YEAR = new Date().getFullYear();
const OLDEST_YEAR = 1950;

const ARABIC_INDIC_DIGITS = "٠١٢٣٤٥٦٧٨٩";

/** Arabic labels show Arabic-Indic digits, as every other number in the Arabic interface. */
function toArabicDigits(value: number | string): string {
  return String(value).replace(/[0-9]/g, (digit) => ARABIC_INDIC_DIGITS[Number(digit)] ?? digit);
}

function numberOptions(from: number, to: number): FieldOption[] {
  const options: FieldOption[] = [];
  for (let n = from; n <= to; n++) {
    options.push({ value: String(n), label: String(n), labelAr: toArabicDigits(n) });
  }
  return options;
}

/** Model years, newest first, from the given date's year down to 1950. */
export function yearOptions(now: Date = new Date()): FieldOption[] {
  const options: FieldOption[] = [];
  for (let year = now.getFullYear(); year >= OLDEST_YEAR; year--) {
    options.push({ value: String(year), label: String(year), labelAr: toArabicDigits(year) });
  }
  return options;
}

// Shared so a value means and reads the same in every category that offers it.
const OTHER: FieldOption = { value: "other", label: "Other", labelAr: "أخرى" };
const CONDITION = {
  new: { value: "new", label: "New", labelAr: "جديد" },
  like_new: { value: "like_new", label: "Like new", labelAr: "شبه جديد" },
  excellent: { value: "excellent", label: "Excellent", labelAr: "ممتاز" },
  good: { value: "good", label: "Good", labelAr: "جيد" },
  fair: { value: "fair", label: "Fair", labelAr: "مقبول" },
  poor: { value: "poor", label: "Poor", labelAr: "بحالة سيئة" },
  used: { value: "used", label: "Used", labelAr: "مستعمل" },
  scrap: { value: "scrap", label: "Scrap", labelAr: "للتشليح" },
} satisfies Record<string, FieldOption>;

const EXACT = { kind: "exact" } as const;

const motors: FieldDefinition[] = [
  {
    key: "make",
    label: "Make",
    labelAr: "الماركة",
    type: "select",
    required: true,
    optionsSource: "car_makes",
    filter: EXACT,
  },
  {
    key: "model",
    label: "Model",
    labelAr: "الموديل",
    type: "select",
    required: true,
    optionsSource: "car_models",
    dependsOn: "make",
    filter: EXACT,
  },
  {
    key: "year",
    label: "Year",
    labelAr: "سنة الصنع",
    type: "select",
    required: true,
    optionsSource: "years",
    filter: {
      kind: "range",
      min: 1980,
      max: CURRENT_YEAR,
      step: 1,
      defaultMin: 2000,
      defaultMax: CURRENT_YEAR,
    },
    chipPriority: 1,
  },
  {
    key: "kilometers",
    label: "Kilometers",
    labelAr: "عدد الكيلومترات",
    type: "number",
    required: true,
    unit: { en: "km", ar: "كم" },
    min: 0,
    filter: {
      kind: "range",
      min: 0,
      max: 300_000,
      step: 5_000,
      defaultMin: 0,
      defaultMax: 300_000,
    },
    chipPriority: 2,
  },
  {
    key: "condition",
    label: "Condition",
    labelAr: "الحالة",
    type: "select",
    required: true,
    options: [CONDITION.new, CONDITION.used, CONDITION.scrap],
    filter: EXACT,
    chipPriority: 3,
  },
  {
    key: "regional_specs",
    label: "Regional Specs",
    labelAr: "المواصفات",
    type: "select",
    required: false,
    // The spec's form "gulf" and filter "gcc" are one meaning; "gcc" is the filter's key.
    options: [
      { value: "gcc", label: "GCC (Gulf)", labelAr: "خليجي" },
      { value: "american", label: "American", labelAr: "أمريكي" },
      { value: "european", label: "European", labelAr: "أوروبي" },
      { value: "japanese", label: "Japanese", labelAr: "ياباني" },
      { value: "korean", label: "Korean", labelAr: "كوري" },
      OTHER,
    ],
    filter: EXACT,
    chipPriority: 4,
  },
];

const property: FieldDefinition[] = [
  {
    key: "listing_type",
    label: "Listing Type",
    labelAr: "نوع العرض",
    type: "select",
    required: true,
    options: [
      { value: "rent", label: "For rent", labelAr: "للإيجار" },
      { value: "sell", label: "For sale", labelAr: "للبيع" },
    ],
    filter: EXACT,
    chipPriority: 1,
  },
  {
    key: "area",
    label: "Area",
    labelAr: "المساحة",
    type: "number",
    required: true,
    unit: { en: "m²", ar: "م²" },
    min: 0,
    chipPriority: 4,
  },
  {
    key: "type",
    label: "Property Type",
    labelAr: "نوع العقار",
    type: "select",
    required: true,
    options: [
      { value: "apartment", label: "Apartment", labelAr: "شقة" },
      { value: "villa", label: "Villa", labelAr: "فيلا" },
      { value: "house", label: "House", labelAr: "بيت" },
      { value: "land", label: "Land", labelAr: "أرض" },
      { value: "commercial", label: "Commercial", labelAr: "تجاري" },
      OTHER,
    ],
    filter: EXACT,
    chipPriority: 5,
  },
  {
    key: "bedrooms",
    label: "Bedrooms",
    labelAr: "غرف النوم",
    type: "select",
    required: true,
    options: [{ value: "studio", label: "Studio", labelAr: "ستوديو" }, ...numberOptions(1, 12)],
    filter: EXACT,
    chipPriority: 2,
  },
  {
    key: "bathrooms",
    label: "Bathrooms",
    labelAr: "الحمامات",
    type: "select",
    required: true,
    options: numberOptions(0, 12),
    filter: EXACT,
    chipPriority: 3,
  },
  {
    key: "furnishing",
    label: "Furnishing",
    labelAr: "الفرش",
    type: "select",
    required: false,
    options: [
      { value: "furnished", label: "Furnished", labelAr: "مفروش" },
      { value: "semi_furnished", label: "Semi-furnished", labelAr: "نصف مفروش" },
      { value: "unfurnished", label: "Unfurnished", labelAr: "غير مفروش" },
      OTHER,
    ],
    filter: EXACT,
    chipPriority: 6,
  },
];

const jobs: FieldDefinition[] = [
  {
    key: "role",
    label: "Role",
    labelAr: "المسمى الوظيفي",
    type: "text",
    required: true,
  },
  {
    key: "company",
    label: "Company",
    labelAr: "الشركة",
    type: "text",
    required: true,
    chipPriority: 4,
  },
  {
    key: "employment_type",
    label: "Employment Type",
    labelAr: "نوع الدوام",
    type: "select",
    required: true,
    options: [
      { value: "full_time", label: "Full-time", labelAr: "دوام كامل" },
      { value: "part_time", label: "Part-time", labelAr: "دوام جزئي" },
      { value: "contract", label: "Contract", labelAr: "عقد مؤقت" },
      { value: "freelance", label: "Freelance", labelAr: "عمل حر" },
      { value: "internship", label: "Internship", labelAr: "تدريب" },
      OTHER,
    ],
    filter: EXACT,
    chipPriority: 1,
  },
  {
    key: "experience",
    label: "Experience",
    labelAr: "الخبرة",
    type: "select",
    required: true,
    options: [
      { value: "entry", label: "Entry level (0–2 years)", labelAr: "مبتدئ (٠–٢ سنة)" },
      { value: "mid", label: "Mid level (3–5 years)", labelAr: "متوسط (٣–٥ سنوات)" },
      { value: "senior", label: "Senior (6–10 years)", labelAr: "خبير (٦–١٠ سنوات)" },
      {
        value: "executive",
        label: "Executive (10+ years)",
        labelAr: "إدارة عليا (أكثر من ١٠ سنوات)",
      },
    ],
    filter: EXACT,
    chipPriority: 2,
  },
  {
    // Optional form fields so the spec's jobs filters filter on something sellers entered.
    key: "education_level",
    label: "Education Level",
    labelAr: "المستوى التعليمي",
    type: "select",
    required: false,
    options: [
      { value: "high_school", label: "High school", labelAr: "شهادة ثانوية" },
      { value: "bachelors", label: "Bachelor's degree", labelAr: "إجازة جامعية" },
      { value: "masters", label: "Master's degree", labelAr: "ماجستير" },
      { value: "phd", label: "PhD", labelAr: "دكتوراه" },
    ],
    filter: EXACT,
  },
  {
    key: "industry",
    label: "Industry",
    labelAr: "القطاع",
    type: "select",
    required: false,
    options: [
      { value: "tech", label: "Technology", labelAr: "تكنولوجيا" },
      { value: "healthcare", label: "Healthcare", labelAr: "رعاية صحية" },
      { value: "finance", label: "Finance", labelAr: "مالية ومصارف" },
      { value: "education", label: "Education", labelAr: "تعليم" },
      { value: "retail", label: "Retail", labelAr: "تجارة ومبيعات" },
      OTHER,
    ],
    filter: EXACT,
    chipPriority: 3,
  },
];

const electronics: FieldDefinition[] = [
  {
    key: "brand",
    label: "Brand",
    labelAr: "الماركة",
    type: "select",
    required: true,
    // A list (not the spec's free text) so the brand filter matches what sellers chose.
    options: [
      { value: "apple", label: "Apple", labelAr: "آبل" },
      { value: "samsung", label: "Samsung", labelAr: "سامسونج" },
      { value: "huawei", label: "Huawei", labelAr: "هواوي" },
      { value: "xiaomi", label: "Xiaomi", labelAr: "شاومي" },
      { value: "oppo", label: "Oppo", labelAr: "أوبو" },
      { value: "realme", label: "Realme", labelAr: "ريلمي" },
      { value: "vivo", label: "Vivo", labelAr: "فيفو" },
      { value: "honor", label: "Honor", labelAr: "هونر" },
      { value: "tecno", label: "Tecno", labelAr: "تكنو" },
      { value: "infinix", label: "Infinix", labelAr: "إنفينكس" },
      { value: "nokia", label: "Nokia", labelAr: "نوكيا" },
      { value: "lg", label: "LG", labelAr: "إل جي" },
      { value: "sony", label: "Sony", labelAr: "سوني" },
      { value: "lenovo", label: "Lenovo", labelAr: "لينوفو" },
      { value: "hp", label: "HP", labelAr: "إتش بي" },
      { value: "dell", label: "Dell", labelAr: "ديل" },
      { value: "asus", label: "Asus", labelAr: "أسوس" },
      { value: "acer", label: "Acer", labelAr: "أيسر" },
      { value: "toshiba", label: "Toshiba", labelAr: "توشيبا" },
      { value: "microsoft", label: "Microsoft", labelAr: "مايكروسوفت" },
      { value: "canon", label: "Canon", labelAr: "كانون" },
      OTHER,
    ],
    filter: EXACT,
    chipPriority: 2,
  },
  {
    key: "condition",
    label: "Condition",
    labelAr: "الحالة",
    type: "select",
    required: true,
    options: [
      CONDITION.new,
      CONDITION.like_new,
      CONDITION.good,
      CONDITION.fair,
      CONDITION.used,
      OTHER,
    ],
    filter: EXACT,
    chipPriority: 1,
  },
  {
    key: "warranty",
    label: "Warranty",
    labelAr: "الكفالة",
    type: "select",
    required: false,
    // The spec's filter true/false/unset: "unset" is simply a listing without this value.
    options: [
      { value: "yes", label: "Under warranty", labelAr: "عليه كفالة" },
      { value: "no", label: "No warranty", labelAr: "بدون كفالة" },
    ],
    filter: EXACT,
    chipPriority: 3,
  },
];

const services: FieldDefinition[] = [
  {
    key: "service_type",
    label: "Service Type",
    labelAr: "نوع الخدمة",
    type: "select",
    required: true,
    options: [
      { value: "cleaning", label: "Cleaning", labelAr: "تنظيف" },
      { value: "moving", label: "Moving", labelAr: "نقل أثاث" },
      { value: "repair", label: "Repair", labelAr: "صيانة وتصليح" },
      { value: "delivery", label: "Delivery", labelAr: "توصيل" },
      OTHER,
    ],
    filter: EXACT,
    chipPriority: 1,
  },
  {
    key: "duration",
    label: "Duration",
    labelAr: "المدة",
    type: "text",
    required: false,
  },
  {
    key: "availability",
    label: "Availability",
    labelAr: "أوقات التوفر",
    type: "select",
    required: true,
    options: [
      { value: "weekdays", label: "Weekdays", labelAr: "أيام العمل" },
      { value: "weekends", label: "Weekends", labelAr: "أيام العطلة" },
      { value: "anytime", label: "Anytime", labelAr: "أي وقت" },
    ],
    filter: EXACT,
    chipPriority: 2,
  },
];

const furniture: FieldDefinition[] = [
  {
    key: "type",
    label: "Type",
    labelAr: "النوع",
    type: "select",
    required: true,
    // The form's 16 kinds and the detail view's 8 merged by meaning (e.g. the detail view's
    // "sofas_futons_lounges" is "sofas", "entertainment centers" is "tv_units").
    options: [
      { value: "sofas", label: "Sofas, futons & lounges", labelAr: "كنب وصوفايات" },
      { value: "beds", label: "Beds & bed sets", labelAr: "تخوت وغرف نوم" },
      { value: "chairs", label: "Chairs, benches & stools", labelAr: "كراسي ومقاعد" },
      { value: "cabinets", label: "Cabinets & cupboards", labelAr: "خزائن وبوفيهات" },
      { value: "tables", label: "Tables", labelAr: "طاولات" },
      { value: "tv_units", label: "TV units & entertainment centers", labelAr: "طاولات تلفزيون" },
      { value: "wardrobes", label: "Wardrobes", labelAr: "خزائن ملابس" },
      { value: "office", label: "Office furniture", labelAr: "أثاث مكتبي" },
      { value: "dining_sets", label: "Dining sets", labelAr: "طقم سفرة" },
      { value: "children", label: "Children's furniture", labelAr: "أثاث أطفال" },
      { value: "study_tables", label: "Study tables", labelAr: "طاولات دراسة" },
      { value: "dressers", label: "Dressers", labelAr: "تسريحات وشيفونيرات" },
      { value: "kitchen_islands", label: "Kitchen islands", labelAr: "جزر مطبخ" },
      { value: "bar_tables", label: "Bar tables", labelAr: "طاولات بار" },
      { value: "bookcases", label: "Bookcases", labelAr: "مكتبات ورفوف كتب" },
      { value: "nightstands", label: "Nightstands", labelAr: "كومودينات" },
      OTHER,
    ],
    filter: EXACT,
    chipPriority: 2,
  },
  {
    key: "condition",
    label: "Condition",
    labelAr: "الحالة",
    type: "select",
    required: true,
    options: [
      CONDITION.new,
      CONDITION.like_new,
      CONDITION.excellent,
      CONDITION.good,
      CONDITION.fair,
      CONDITION.poor,
    ],
    filter: EXACT,
    chipPriority: 1,
  },
];

// Fashion and community are browse-only, so they collect no detail fields.
export const fieldDefinitions: Record<CategorySlug, FieldDefinition[]> = {
  motors,
  property,
  jobs,
  electronics,
  furniture,
  fashion: [],
  services,
  community: [],
};

/** Field definitions of a category slug; unknown slugs get none rather than throwing. */
export function getFieldDefinitions(slug: string): FieldDefinition[] {
  return Object.hasOwn(fieldDefinitions, slug) ? fieldDefinitions[slug as CategorySlug] : [];
}

/** Slug of a top-level category id, e.g. 5 → "furniture"; undefined for unknown or sub ids. */
export function categorySlugById(id: number): CategorySlug | undefined {
  return categories.find((category) => category.id === id)?.slug;
}
