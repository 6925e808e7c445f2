import type { LocaleShape } from "../../types";
import type en from "../en/saved-searches";

const savedSearches = {
  meta: {
    title: "عمليات البحث المحفوظة",
    description: "عمليات البحث التي حفظتها في سوقنا، مع الإعلانات الجديدة التي تطابقها.",
  },
  page: {
    title: "عمليات البحث المحفوظة",
    intro: "نخبرك بالإعلانات الجديدة التي تطابق بحثًا حفظته. اختر عدد المرات لكل بحث.",
    count_zero: "لا عمليات بحث محفوظة من أصل {{limit}}",
    count_one: "بحث محفوظ واحد من أصل {{limit}}",
    count_two: "بحثان محفوظان من أصل {{limit}}",
    count_few: "{{formatted}} عمليات بحث محفوظة من أصل {{limit}}",
    count_many: "{{formatted}} بحثًا محفوظًا من أصل {{limit}}",
    count_other: "{{formatted}} بحث محفوظ من أصل {{limit}}",
    emptyTitle: "لا توجد عمليات بحث محفوظة بعد",
    emptyBody: "ابحث أو افتح فئة، واختر الفلاتر التي تريدها، ثم اضغط «احفظ هذا البحث».",
    browse: "ابدأ البحث",
    newMatches_zero: "لا إعلانات جديدة",
    newMatches_one: "إعلان جديد واحد",
    newMatches_two: "إعلانان جديدان",
    newMatches_few: "{{formatted}} إعلانات جديدة",
    newMatches_many: "{{formatted}} إعلانًا جديدًا",
    newMatches_other: "{{formatted}} إعلان جديد",
    newMatchesMore: "أكثر من {{formatted}} إعلانًا جديدًا",
    noNewMatches: "لا جديد منذ زيارتك الأخيرة",
    open: "اعرض النتائج",
    savedOn: "حُفظ في {{date}}",
    list: "عمليات البحث التي حفظتها",
    fromSearch: "البحث: {{name}}",
    saved: "حُفظ البحث",
    savedBody:
      "سنخبرك بالإعلانات الجديدة التي تطابقه. يمكنك إعادة تسميته أو تغيير عدد مرات التنبيه.",
    renamed: "حُفظ الاسم",
    cadenceSaved: "حُدّثت التنبيهات",
    deleted: "حُذف البحث المحفوظ",
    notSaved: "لم يُحفظ البحث",
  },
  rename: {
    label: "الاسم",
    submit: "أعد التسمية",
    saving: "جارٍ الحفظ...",
  },
  cadence: {
    label: "التنبيهات",
    instant: "فور نشرها",
    daily: "مرة في اليوم",
    off: "متوقفة",
    submit: "احفظ",
    saving: "جارٍ الحفظ...",
  },
  remove: {
    submit: "احذف",
    deleting: "جارٍ الحذف...",
    label: "احذف «{{name}}»",
  },
  save: {
    button: "احفظ هذا البحث",
    signIn: "سجّل الدخول لتحفظ هذا البحث",
    saving: "جارٍ الحفظ...",
    hint: "نخبرك بالإعلانات الجديدة التي تطابقه.",
  },
  name: {
    separator: "، ",
    query: "«{{text}}»",
    upTo: "حتى {{value}}",
    from: "من {{value}}",
    between: "{{min}}–{{max}}",
    yearFrom: "{{value}}+",
    kilometersUpTo: "حتى {{value}} كم",
    kilometersFrom: "من {{value}} كم",
    kilometersBetween: "{{min}}–{{max}} كم",
    everything: "كل الإعلانات",
  },
} satisfies LocaleShape<typeof en>;

export default savedSearches;
