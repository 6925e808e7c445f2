import type { Place } from "./places";
import type { Dice } from "./random";

/*
 * How Syrians actually type Arabic in ads, the habits search has to cope with: ه for ة, ا for أ,
 * ى for final ي, Arabic-Indic digits, the odd tatweel or harakat on a title word.
 */

const ARABIC_DIGITS = "٠١٢٣٤٥٦٧٨٩";

function toArabicDigits(text: string) {
  // Model numbers glued to Latin letters (S22, i7, M1) stay as typed.
  return text.replace(/(?<![A-Za-z0-9])[0-9]+(?![A-Za-z0-9])/g, (digits) =>
    digits.replace(/[0-9]/g, (digit) => ARABIC_DIGITS[Number(digit)]!),
  );
}

const TATWEEL: Record<string, string> = {
  للبيع: "للبيـــع",
  عاجل: "عاجـــل",
  نظيف: "نظيـــف",
  مطلوب: "مطلـــوب",
  فرصة: "فرصـــة",
  جديد: "جديـــد",
  للإيجار: "للإيجـــار",
  ممتازة: "ممتـــازة",
};

const HARAKAT: Record<string, string> = {
  للبيع: "لِلبَيْع",
  جديد: "جَدِيد",
  نظيف: "نَظِيف",
  سيارة: "سَيَّارَة",
  شقة: "شُقَّة",
  ممتازة: "مُمْتَازَة",
  مطلوب: "مَطْلُوب",
  للإيجار: "لِلإِيجَار",
};

export interface ArabicStyle {
  digits: boolean;
  hamza: boolean;
  taMarbuta: boolean;
  alefMaqsura: boolean;
  tatweel: boolean;
  harakat: boolean;
}

export function pickArabicStyle(d: Dice): ArabicStyle {
  return {
    digits: d.chance(0.2),
    hamza: d.chance(0.3),
    taMarbuta: d.chance(0.2),
    alefMaqsura: d.chance(0.07),
    tatweel: d.chance(0.03),
    harakat: d.chance(0.02),
  };
}

function replaceFirstWord(text: string, table: Record<string, string>) {
  for (const [word, styled] of Object.entries(table)) {
    const at = text.indexOf(word);
    if (at >= 0) return text.slice(0, at) + styled + text.slice(at + word.length);
  }
  return text;
}

const WORD_END = "(?=[\\s.,،!؟:)\\-]|$)";

export function styleArabic(text: string, style: ArabicStyle, isTitle: boolean) {
  let out = text;
  if (isTitle && style.tatweel) out = replaceFirstWord(out, TATWEEL);
  if (isTitle && style.harakat) out = replaceFirstWord(out, HARAKAT);
  if (style.hamza) out = out.replace(/[أإآ]/g, "ا");
  if (style.taMarbuta) out = out.replace(new RegExp(`ة${WORD_END}`, "g"), "ه");
  if (style.alefMaqsura) out = out.replace(new RegExp(`ي${WORD_END}`, "g"), "ى");
  if (style.digits) out = toArabicDigits(out);
  return out;
}

/**
 * A description as sellers write one: the listing's first sentence, then up to three more in any
 * order, on one line or on several, with the city and mileage filled in.
 */
export function composeDescription(
  d: Dice,
  lang: "en" | "ar",
  sentences: string[],
  place: Place,
  km?: string,
) {
  const count = d.int(1, Math.min(4, sentences.length));
  const chosen = [sentences[0]!, ...d.sample(sentences.slice(1), count - 1)];
  const separator = d.chance(0.35) ? "\n" : " ";
  return chosen
    .join(separator)
    .replaceAll("{city}", lang === "ar" ? place.city.nameAr : place.city.name)
    .replaceAll("{km}", km ?? "");
}
