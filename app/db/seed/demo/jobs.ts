import { type Ctx, compact, type Draft, freeTextInArabic, priceFromUsd } from "./draft";
import { spotEn } from "./places";
import { maybe } from "./random";

/* Jobs: vacancies posted by employers; the price is the monthly salary. */

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

const EMPLOYMENT_LABEL: Record<string, { en: string; ar: string }> = {
  full_time: { en: "full-time", ar: "دوام كامل" },
  part_time: { en: "part-time", ar: "دوام جزئي" },
  contract: { en: "contract", ar: "بعقد مؤقت" },
  freelance: { en: "freelance", ar: "عمل حر" },
  internship: { en: "internship", ar: "تدريب" },
  other: { en: "", ar: "" },
};

export function jobs(ctx: Ctx): Draft {
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
  const salary = priceFromUsd(d, job.usd, [10_000, 100_000], seniority);
  const textAr = freeTextInArabic(ctx);
  return {
    categoryId: 3,
    subcategoryId: job.sub,
    image: "jobs",
    titleEn: d.pick([
      `${job.en} needed in ${place.city.name}`,
      `Hiring: ${job.en} at ${companyEn}`,
      `Job opening – ${job.en} (${EMPLOYMENT_LABEL[employment]!.en || "flexible"}), ${place.city.name}`,
      `${job.en} wanted – ${spotEn(place)}`,
    ]),
    titleAr: d.pick([
      `مطلوب ${job.ar} لشركة تجارية في ${place.city.nameAr}`,
      `فرصة عمل: ${job.ar} - ${companyAr}`,
      `مطلوب ${job.ar} ${EMPLOYMENT_LABEL[employment]!.ar} في ${place.city.nameAr}`.replace(
        /\s+/g,
        " ",
      ),
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
