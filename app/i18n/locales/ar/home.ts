import type { LocaleShape } from "../../types";
import type en from "../en/home";

const home = {
  metaTitle: "سوقنا — بيع واشترِ في سوريا",
  metaDescription:
    "سوقنا سوق إعلانات مبوّبة مجاني لسوريا: سيارات وشقق ووظائف وموبايلات وأثاث وخدمات، بالعربية والإنجليزية.",
  hero: {
    title: "اكتشف • تواصل • تاجر في سوريا",
    subtitle:
      "سيارات وشقق وموبايلات وأثاث ووظائف وخدمات من أناس قريبين منك — ومن السوريين في كل مكان.",
    postAd: "انشر إعلانك",
    howItWorks: "كيف يعمل",
  },
  categories: {
    title: "تصفّح حسب الفئة",
    listings_zero: "لا إعلانات",
    listings_one: "إعلان واحد",
    listings_two: "إعلانان",
    listings_few: "{{display}} إعلانات",
    listings_many: "{{display}} إعلانًا",
    listings_other: "{{display}} إعلان",
  },
  latest: {
    title: "أحدث الإعلانات",
    viewAll: "عرض كل الإعلانات",
  },
  features: {
    title: "لماذا سوقنا",
    advancedSearch: {
      title: "بحث متقدم",
      body: "ابحث بالعربية أو الإنجليزية وضيّق النتائج حسب المدينة والسعر والتفاصيل.",
    },
    messaging: {
      title: "مراسلة مباشرة",
      body: "تحدّث مع البائع مباشرة، أو تابع على واتساب عندما تكون جاهزًا.",
    },
    featured: {
      title: "إعلانات مميزة",
      body: "يمكن للبائع تمييز إعلانه ليراه المشترون المناسبون أولًا.",
    },
    safe: {
      title: "آمن وموثوق",
      body: "البريد الموثّق والإبلاغ والمراجعة تُبقي المحتالين بعيدًا.",
    },
  },
  howItWorks: {
    title: "كيف يعمل",
    steps: [
      { title: "أنشئ حسابًا", body: "سجّل مجانًا ببريدك الإلكتروني في أقل من دقيقة." },
      {
        title: "انشر إعلانك",
        body: "أضف عنوانًا وسعرًا وصورًا وتفاصيل. تبقى مسودتك محفوظة حتى لو انقطع الاتصال.",
      },
      {
        title: "التقِ وتاجر",
        body: "يراسلك المشترون أو يتصلون بك. التقوا في مكان عام وافحص قبل أن تدفع.",
      },
    ],
  },
  cta: {
    title: "عندك شيء للبيع؟",
    body: "انضم إلى {{members}} يبيعون ويشترون على سوقنا.",
    bodyEmpty: "كن من أوائل أعضاء سوقنا.",
    signUp: "سجّل مجانًا",
    members_zero: "{{display}} عضو",
    members_one: "عضو واحد",
    members_two: "عضوين",
    members_few: "{{display}} أعضاء",
    members_many: "{{display}} عضوًا",
    members_other: "{{display}} عضو",
  },
} satisfies LocaleShape<typeof en>;

export default home;
