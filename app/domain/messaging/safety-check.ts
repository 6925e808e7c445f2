import { normalizeText, phraseMatcher } from "~/domain/search/normalize";

/*
 * A reader's safety net, not a filter: a message is always delivered; the reader sees a short
 * warning when it contains a link or asks to pay outside Souqna (advance payments, money transfers,
 * deposits, crypto, phone credit, gift cards) — the usual shapes of classified-ads fraud, in
 * Arabic (including Syrian dialect) and English. Runs in the browser and on the server alike.
 */

export interface SafetyFlags {
  /** A web address, a short link, wa.me / t.me, or a domain name. */
  link: boolean;
  /** Asks for money by transfer, in advance, as a deposit, in crypto, credit or gift cards. */
  payment: boolean;
  /**
   * Asks for a code the reader received by SMS: the takeover of their WhatsApp, their Souqna
   * account or their mobile wallet ("cash mobile"), a scam that needs no payment at all.
   */
  code: boolean;
}

const TLDS =
  "com|net|org|info|biz|io|me|co|sy|ly|app|xyz|site|online|shop|store|link|top|club|live|tk|ml|ga|cf|gq|cc|tv|ru|de|uk|tr|ae|sa|eu|us|gl|gg|to|ws|cloud|page|win|bid|icu|vip";
const URL_PATTERNS = [
  /(?:^|[^\p{L}\p{N}])(?:https?|hxxps?):\/\//iu,
  /(?:^|[^\p{L}\p{N}])www\s*\./iu,
  // "wa . me/963…", "t dot me/x": the spaced-out forms people use to slip past filters.
  /(?:^|[^\p{L}\p{N}])(?:wa|t)\s*(?:\.|dot|نقطه|نقطة)\s*me(?:$|[^\p{L}\p{N}])/iu,
  new RegExp(
    `(?:^|[^\\p{L}\\p{N}.-])[\\p{L}\\p{N}-]+(?:\\.[\\p{L}\\p{N}-]+)*\\.(?:${TLDS})(?=$|[^\\p{L}\\p{N}])`,
    "iu",
  ),
];

// Whole words or phrases, compared after the search normaliser (so أ/إ/ا, ة/ه, diacritics,
// tatweel and digits never matter). Arabic entries also match with an attached و ف ب ل ك / ال.
const ENGLISH_PAYMENT = [
  "western union",
  "westernunion",
  "moneygram",
  "money gram",
  "wire transfer",
  "bank transfer",
  "money transfer",
  "transfer the money",
  "send the money",
  "send money",
  "send me money",
  "send me the money",
  "deposit",
  "down payment",
  "advance payment",
  "pay in advance",
  "payment in advance",
  "pay upfront",
  "upfront payment",
  "upfront",
  "pay first",
  "payment first",
  "shipping fee",
  "shipping fees",
  "delivery fee first",
  "paypal",
  "payoneer",
  "skrill",
  "zelle",
  "venmo",
  "cash app",
  "cashapp",
  "revolut",
  "bitcoin",
  "btc",
  "usdt",
  "crypto",
  "cryptocurrency",
  "binance",
  "gift card",
  "gift cards",
  "itunes card",
  "google play card",
  "hawala",
  "sham cash",
  "syriatel cash",
  "mtn cash",
];
const ARABIC_PAYMENT = [
  "حوالة",
  "حوالات",
  "حوالتك",
  "حوالتي",
  "ويسترن",
  "ويسترن يونيون",
  "وسترن يونين",
  "موني غرام",
  "موني جرام",
  "مني غرام",
  "تحويل مالي",
  "تحويل بنكي",
  "تحويل المبلغ",
  "تحويل رصيد",
  "حول المبلغ",
  "حولي المبلغ",
  "حوللي",
  "ارسل المبلغ",
  "ارسللي المبلغ",
  "ابعت المبلغ",
  "ابعتلي المبلغ",
  "ابعتلي المصاري",
  "ابعت المصاري",
  "ابعتلي رصيد",
  "ارسل رصيد",
  "ادفع مقدم",
  "ادفع مقدما",
  "ادفع سلف",
  "ادفع سلفا",
  "ادفع قبل",
  "دفع مقدم",
  "دفعة مقدمة",
  "الدفع مقدما",
  "الدفع المسبق",
  "دفع مسبق",
  "عربون",
  "عربونا",
  "تأمين مسبق",
  "رسوم الشحن",
  "اجور الشحن",
  "أجور الشحن",
  "مصاريف الشحن",
  "بيتكوين",
  "بتكوين",
  "عملات رقمية",
  "عملة رقمية",
  "كريبتو",
  "يو اس دي تي",
  "بايبال",
  "باي بال",
  "بطاقة هدايا",
  "بطاقات هدايا",
  "كرت جوجل بلاي",
  "ايتونز",
  "شام كاش",
  "سيرياتيل كاش",
  "سيريتل كاش",
  "ام تي ان كاش",
  "كاش موبايل",
];

const PAYMENT_WORDS = phraseMatcher([...ENGLISH_PAYMENT, ...ARABIC_PAYMENT]);

const CODE_REQUESTS = phraseMatcher([
  "send me the code",
  "send the code",
  "give me the code",
  "tell me the code",
  "the code you received",
  "the code you got",
  "verification code",
  "activation code",
  "confirmation code",
  "whatsapp code",
  "otp",
  "ابعتلي الكود",
  "ابعتلي الرمز",
  "ابعتلي الرقم يلي وصلك",
  "ارسل الكود",
  "ارسلي الكود",
  "ارسل لي الكود",
  "ارسل الرمز",
  "ارسل لي الرمز",
  "اعطيني الكود",
  "عطيني الكود",
  "قلي الكود",
  "الكود يلي وصلك",
  "الكود الذي وصلك",
  "الرمز يلي وصلك",
  "الرمز الذي وصلك",
  "رمز التحقق",
  "رمز التفعيل",
  "كود التحقق",
  "كود التفعيل",
  "كود الواتس",
  "كود الواتساب",
]);

// Invisible characters are dropped before looking for links, so "wa\u200B.me" is still found.
const INVISIBLE = /[\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;

/** The first web address in a text (as written, after NFKC), or null. */
export function findLink(text: string): string | null {
  const visible = text.normalize("NFKC").replace(INVISIBLE, "");
  for (const pattern of URL_PATTERNS) {
    const match = visible.match(pattern);
    if (match) {
      // The whole word the address is in: "www." alone would say little.
      const start = (match.index ?? 0) + (match[0].length - match[0].trimStart().length);
      const word = visible.slice(start).split(/\s/)[0] ?? match[0];
      return word.replace(/^[^\p{L}\p{N}]+/u, "");
    }
  }
  return null;
}

export function checkMessageSafety(body: string): SafetyFlags {
  const link = findLink(body) !== null;
  const words = normalizeText(body);
  return {
    link,
    payment: PAYMENT_WORDS(words) !== null,
    code: CODE_REQUESTS(words) !== null,
  };
}

export function needsWarning(flags: SafetyFlags) {
  return flags.link || flags.payment || flags.code;
}
