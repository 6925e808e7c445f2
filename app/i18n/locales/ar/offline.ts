import type { LocaleShape } from "../../types";
import type en from "../en/offline";

/** The offline app's texts in Arabic (see locales/en/offline.ts). */
const offline = {
  title: "أنت غير متصل بالإنترنت",
  body: "هذه الصفحة غير محفوظة على هذا الجهاز. تحقّق من اتصالك وأعد المحاولة؛ وإلى ذلك الحين، هذا ما فتحته مؤخرًا.",
  retry: "أعد المحاولة",
  available: "متاح دون اتصال",
  recent: "إعلانات فتحتها",
  yours: "صفحاتك",
  favorites: "المفضلة",
  myListings: "إعلاناتي",
  messages: "الرسائل",
  nothing: "لا شيء محفوظ على هذا الجهاز بعد. الصفحات التي تفتحها وأنت متصل تُحفظ لمثل هذه الأوقات.",
  savedCopy: "نسخة محفوظة من {{time}}",
} satisfies LocaleShape<typeof en>;

export default offline;
