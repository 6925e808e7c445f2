import type { LocaleShape } from "../../types";
import type en from "../en/flash";

const flash = {
  "signed-up": {
    title: "تم إنشاء الحساب بنجاح",
    body: "يرجى مراجعة بريدك الإلكتروني لتأكيد حسابك",
  },
  "signed-out": { title: "تم تسجيل الخروج", body: "نراك قريبًا على سوقنا." },
  "password-updated": { title: "تم تحديث كلمة المرور", body: "تم تسجيل خروج أجهزتك الأخرى." },
  "signed-out-everywhere": {
    title: "تم تسجيل الخروج من كل الأجهزة",
    body: "تم تسجيل خروج كل جهاز كان مسجّلًا في حسابك.",
  },
  "account-deleted": {
    title: "تم حذف الحساب",
    body: "تم حذف حسابك وإعلاناتك. شكرًا لاستخدامك سوقنا.",
  },
  "email-confirmed": { title: "تم تأكيد البريد الإلكتروني", body: "أصبح حسابك موثّقًا." },
  "phone-signed-up": {
    title: "تم إنشاء الحساب بنجاح",
    body: "رقمك موثّق. أضف بريدًا إلكترونيًا من الإعدادات إن أردت التنبيهات بالبريد.",
  },
  "email-added": {
    title: "راجع بريدك الوارد",
    body: "أرسلنا رابط تأكيد إلى عنوانك الجديد. تبدأ التنبيهات بالبريد حين يُؤكَّد.",
  },
  "rating-saved": {
    title: "شكرًا على تقييمك",
    body: "ظهر التقييم في صفحته الآن. يمكنك تعديله خلال ٧ أيام.",
  },
  "rating-answered": { title: "تم نشر ردك", body: "يظهر ردك تحت التقييم." },
  "rating-reported": { title: "تم إرسال البلاغ", body: "سيراجع أحد المشرفين هذا التقييم." },
  "phone-verified": {
    title: "تم توثيق رقم هاتفك",
    body: "يرى المشترون الذين يطلبون رقمك في إعلاناتك رقمك الآن، مع علامة «هاتف موثّق».",
  },
  "profile-saved": { title: "تم الحفظ", body: "تم تحديث ملفك الشخصي" },
  "listing-created": { title: "تم إنشاء الإعلان", body: "تم نشر إعلانك" },
  "listing-updated": { title: "تم تحديث الإعلان", body: "تم تحديث إعلانك" },
  "listing-held": {
    title: "أُرسل للمراجعة",
    body: "يتحقق أحد المشرفين من إعلانك قبل نشره، عادةً خلال ساعات قليلة. سنخبرك حين يتخذ قراره.",
  },
  "listing-deleted": { title: "تم الحذف", body: "تم حذف الإعلان بنجاح" },
  "listing-renewed": {
    title: "تم التجديد",
    body: "عاد إعلانك إلى نتائج البحث، مع مفضلاته ومحادثاته ومشاهداته.",
  },
  "message-sent": { title: "تم إرسال الرسالة", body: "سيراها البائع في صندوق الوارد." },
  "favorite-added": { title: "تمت الإضافة إلى المفضلة", body: "ستجده في صفحة المفضلة." },
  "favorite-removed": { title: "تمت الإزالة من المفضلة", body: "لم يعد في صفحة المفضلة." },
  "conversation-reported": {
    title: "تم إرسال البلاغ",
    body: "شكرًا لك. سيقرأ أحد المشرفين هذه المحادثة.",
  },
  "report-submitted": {
    title: "تم إرسال البلاغ",
    body: "شكرًا لك. سيراجع أحد المشرفين هذا الإعلان.",
  },
  "moderation-saved": { title: "تم", body: "سُجّل القرار في سجل الإشراف." },
  dismiss: "إخفاء",
} satisfies LocaleShape<typeof en>;

export default flash;
