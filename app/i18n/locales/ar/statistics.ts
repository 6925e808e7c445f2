const statistics = {
  meta: {
    dashboard: "إحصائياتك",
    dashboardDescription: "كيف يجدك الناس ويتواصلون معك: المشاهدات والمفضلة والتواصل يومًا بيوم.",
    listing: "إحصائيات: {{title}}",
  },
  dashboard: {
    title: "إحصائياتك",
    intro: "كل إعلاناتك معًا. يُحسب كل شخص مرة واحدة في اليوم.",
    listingsTitle: "إعلاناتك في هذه الأيام",
    noListings: "انشر إعلانًا وستظهر أرقامه هنا.",
    columns: { title: "الإعلان", status: "الحالة" },
    open: "إحصائيات {{title}}",
  },
  listing: {
    title: "الإحصائيات",
    posted: "نُشر في {{date}}",
    bumped: "رُفع إلى الأعلى في {{date}}",
    lifetime: "منذ نشره: {{views}} مشاهدة، {{favorites}} إضافة إلى المفضلة، {{contacts}} تواصل.",
    view: "عرض الإعلان",
  },
  back: "إعلاناتي",
  dashboardLink: "كل إحصائياتك",
  rangeLabel: "المدة",
  range_zero: "{{formatted}} يوم",
  range_one: "يوم واحد",
  range_two: "يومان",
  range_few: "{{formatted}} أيام",
  range_many: "{{formatted}} يومًا",
  range_other: "{{formatted}} يوم",
  kinds: {
    views: "المشاهدات",
    impressions: "الظهور في النتائج",
    favorites: "الإضافة إلى المفضلة",
    phoneReveals: "إظهار رقم الهاتف",
    whatsappTaps: "نقرات واتساب",
    conversations: "محادثات جديدة",
  },
  change: {
    up: "ارتفاع {{percent}}٪ عن المدة السابقة ({{days}})",
    down: "انخفاض {{percent}}٪ عن المدة السابقة ({{days}})",
    same: "كما في المدة السابقة ({{days}})",
  },
  chart: {
    title: "المشاهدات والتواصل يومًا بيوم",
    label_zero:
      "المشاهدات والتواصل في آخر {{formatted}} يوم: {{views}} مشاهدة و{{contacts}} تواصل. الجدول أدناه فيه كل الأرقام.",
    label_one:
      "المشاهدات والتواصل في آخر يوم: {{views}} مشاهدة و{{contacts}} تواصل. الجدول أدناه فيه كل الأرقام.",
    label_two:
      "المشاهدات والتواصل في آخر يومين: {{views}} مشاهدة و{{contacts}} تواصل. الجدول أدناه فيه كل الأرقام.",
    label_few:
      "المشاهدات والتواصل يومًا بيوم في آخر {{formatted}} أيام: {{views}} مشاهدة و{{contacts}} تواصل. الجدول أدناه فيه كل الأرقام.",
    label_many:
      "المشاهدات والتواصل يومًا بيوم في آخر {{formatted}} يومًا: {{views}} مشاهدة و{{contacts}} تواصل. الجدول أدناه فيه كل الأرقام.",
    label_other:
      "المشاهدات والتواصل يومًا بيوم في آخر {{formatted}} يوم: {{views}} مشاهدة و{{contacts}} تواصل. الجدول أدناه فيه كل الأرقام.",
    barTitle_zero: "{{day}}: لا مشاهدات",
    barTitle_one: "{{day}}: مشاهدة واحدة",
    barTitle_two: "{{day}}: مشاهدتان",
    barTitle_few: "{{day}}: {{formatted}} مشاهدات",
    barTitle_many: "{{day}}: {{formatted}} مشاهدة",
    barTitle_other: "{{day}}: {{formatted}} مشاهدة",
    contacts: "التواصل: الهاتف وواتساب والرسائل",
  },
  table: {
    show: "اعرض الأرقام في جدول",
    caption_zero: "كل يوم من آخر {{formatted}} يوم",
    caption_one: "آخر يوم",
    caption_two: "كل يوم من آخر يومين",
    caption_few: "كل يوم من آخر {{formatted}} أيام",
    caption_many: "كل يوم من آخر {{formatted}} يومًا",
    caption_other: "كل يوم من آخر {{formatted}} يوم",
    day: "اليوم",
  },
  empty: "لا أرقام لهذه الأيام بعد. تظهر حين يجد الناس إعلاناتك في البحث.",
} as const;

export default statistics;
