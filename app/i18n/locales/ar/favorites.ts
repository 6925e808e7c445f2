import type { LocaleShape } from "../../types";
import type en from "../en/favorites";

const favorites = {
  meta: {
    title: "المفضلة",
    description: "الإعلانات التي حفظتها في سوقنا، لتعود إليها وتقارن بينها.",
  },
  button: {
    add: "أضف إلى المفضلة",
    remove: "أزل من المفضلة",
    saved: "محفوظ في المفضلة",
    loading: "جارٍ التحميل...",
  },
  toast: {
    added: "تمت الإضافة إلى المفضلة",
    removed: "تمت الإزالة من المفضلة",
    errorTitle: "خطأ",
    addFailed: "حدث خطأ أثناء إضافة هذا الإعلان إلى المفضلة",
    removeFailed: "حدث خطأ أثناء إزالة هذا الإعلان من المفضلة",
    updateFailed: "حدث خطأ أثناء تحديث مفضلتك",
  },
  page: {
    title: "المفضلة",
    count_zero: "لا إعلانات محفوظة",
    count_one: "إعلان محفوظ واحد",
    count_two: "إعلانان محفوظان",
    count_few: "{{formatted}} إعلانات محفوظة",
    count_many: "{{formatted}} إعلانًا محفوظًا",
    count_other: "{{formatted}} إعلان محفوظ",
    emptyTitle: "لا توجد مفضلات بعد",
    emptyBody: "اضغط على القلب في أي إعلان لتحفظه هنا وتجده لاحقًا بسهولة.",
    browse: "تصفح الإعلانات",
    loading: "جارٍ تحميل المفضلة...",
    loadFailed: "تعذر تحميل المفضلة",
    retry: "حاول مرة أخرى",
    sold: "تم البيع",
    guestHint:
      "هذه المفضلة محفوظة على هذا الجهاز فقط. سجّل الدخول لتحفظها في حسابك وتراها على كل أجهزتك.",
    guestSignIn: "تسجيل الدخول",
    signInTitle: "سجّل الدخول لترى مفضلتك",
    signInBody:
      "تُحفظ الإعلانات التي تضيفها إلى المفضلة وأنت مسجّل الدخول في حسابك. أما الحفظ دون تسجيل الدخول فيحتاج إلى تفعيل JavaScript في متصفحك.",
    pageOf: "الصفحة {{page}} من {{count}}",
    pagination: "صفحات المفضلة",
  },
} satisfies LocaleShape<typeof en>;

export default favorites;
