import { findLink } from "~/domain/messaging/safety-check";
import { normalizeText } from "~/domain/search/normalize";

/*
 * What a listing's own words give away before it is published (issue 30): contact details — a
 * phone number in any digit system, an e-mail address, a chat app's link or name with a number —
 * and links to other sites. On a classifieds site they are how a scammer takes the buyer off the
 * site, or how a banned seller comes back; Souqna shows the seller's verified number itself.
 * Each signal carries the words that raised it, which is what a moderator is shown.
 */

export type TextSignalRule = "contact-phone" | "contact-email" | "contact-app" | "link";

export interface TextSignal {
  rule: TextSignalRule;
  /** The words that raised it, as written (at most 60 characters). */
  evidence: string;
}

const INVISIBLE = /[\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;
const EASTERN_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;

/** NFKC, no invisible marks, every digit Latin: what the patterns below read. */
function plain(text: string) {
  return text
    .normalize("NFKC")
    .replace(INVISIBLE, "")
    .replace(EASTERN_DIGITS, (digit) => String((digit.codePointAt(0) ?? 0) & 0xf));
}

// Digits with the separators people put in numbers ("0933 123 456", "(011) 223-3445",
// "+90.555.123.4567"), never a comma: "1,500,000" is a price.
const DIGIT_RUN = /(?:\+|\b00)?\d(?:[ \t.\-()/]{0,2}\d){5,15}/g;

// Words that put a number in contact, normalised like search (normalizeText).
const CONTACT_WORDS = new Set(
  [
    "whatsapp",
    "whats",
    "watsapp",
    "watsap",
    "wa",
    "telegram",
    "tg",
    "viber",
    "signal",
    "call",
    "phone",
    "mobile",
    "mob",
    "tel",
    "contact",
    "number",
    "واتساب",
    "واتس",
    "وتس",
    "وتساب",
    "واتسب",
    "تلغرام",
    "تليغرام",
    "تلجرام",
    "تيليجرام",
    "تيلغرام",
    "فايبر",
    "سيجنال",
    "اتصال",
    "اتصل",
    "رقم",
    "رقمي",
    "الرقم",
    "موبايل",
    "جوال",
    "هاتف",
    "تلفون",
    "تليفون",
  ].map((word) => normalizeText(word)),
);

// The chat apps themselves: their name next to a number is contact details in any words.
const APP_WORDS = new Set(
  [
    "whatsapp",
    "whats",
    "watsapp",
    "watsap",
    "telegram",
    "viber",
    "signal",
    "واتساب",
    "واتس",
    "وتس",
    "وتساب",
    "واتسب",
    "تلغرام",
    "تليغرام",
    "تلجرام",
    "تيليجرام",
    "تيلغرام",
    "فايبر",
    "سيجنال",
  ].map((word) => normalizeText(word)),
);

const CHAT_LINK =
  /(?:^|[^\p{L}\p{N}])(?:wa\s*(?:\.|dot)\s*me|t\s*(?:\.|dot)\s*me|telegram\s*(?:\.|dot)\s*(?:me|dog)|chat\s*\.\s*whatsapp\s*\.\s*com|api\s*\.\s*whatsapp\s*\.\s*com|viber\s*:\/\/)/iu;

const EMAIL =
  /[\p{L}\p{N}._%+-]+\s*(?:@|\(at\)|\[at\])\s*[\p{L}\p{N}-]+(?:\s*\.\s*[\p{L}\p{N}-]+)*\s*\.\s*(?:com|net|org|info|me|co|sy|io|de|uk|tr|ae|sa|lb|jo|eg|fr|nl|se|ru|edu|gov)(?![\p{L}\p{N}])/iu;

const evidence = (text: string) => text.trim().slice(0, 60);

/** Whether the digits of one run, as written, are a telephone number. */
function isPhoneNumber(written: string, nearContactWord: boolean) {
  const digits = written.replace(/\D/g, "");
  const international = written.startsWith("+") || digits.startsWith("00");
  if (international) return digits.length >= 9 && digits.length <= 15;
  // Syria: 09x xxx xxxx (mobile), 0xx xxx xxxx (land lines); with the country code, 963…
  if (/^0[1-9]\d{7,9}$/.test(digits)) return true;
  if (/^963\d{8,9}$/.test(digits)) return true;
  // A mobile number without its 0 ("933 123 456") looks like a price: only beside a word that
  // says it is a number to call.
  return nearContactWord && /^9[3-9]\d{7}$/.test(digits);
}

/** The contact words within the 40 characters before `index` (or the 25 after its end). */
function wordsAround(text: string, start: number, end: number, words: Set<string>) {
  const around = normalizeText(
    `${text.slice(Math.max(0, start - 40), start)} ${text.slice(end, end + 25)}`,
  );
  return around.split(" ").some((word) => words.has(word));
}

/** The signals of one text (a title or a description), each rule at most once. */
export function textSignals(text: string): TextSignal[] {
  const signals: TextSignal[] = [];
  const seen = new Set<TextSignalRule>();
  const add = (rule: TextSignalRule, words: string) => {
    if (seen.has(rule)) return;
    seen.add(rule);
    signals.push({ rule, evidence: evidence(words) });
  };
  const written = plain(text);

  for (const match of written.matchAll(DIGIT_RUN)) {
    const start = match.index ?? 0;
    const end = start + match[0].length;
    const digits = match[0].replace(/\D/g, "");
    if (isPhoneNumber(match[0], wordsAround(written, start, end, CONTACT_WORDS))) {
      add("contact-phone", match[0]);
    }
    // "واتساب ٩٣٣ ١٢٣" — a chat app's name with a number, however it is cut up.
    if (digits.length >= 6 && wordsAround(written, start, end, APP_WORDS)) {
      add("contact-app", written.slice(Math.max(0, start - 15), end));
    }
  }
  const chat = written.match(CHAT_LINK);
  if (chat) add("contact-app", chat[0]);
  const email = written.match(EMAIL);
  if (email) add("contact-email", email[0]);
  // Any other address: the chat link and the e-mail address are not counted twice.
  const rest = [chat?.[0], email?.[0]].reduce<string>(
    (left, found) => (found ? left.replace(found, " ") : left),
    written,
  );
  const link = findLink(rest);
  if (link) add("link", link);
  return signals;
}
