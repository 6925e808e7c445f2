import { describe, expect, it } from "vitest";
import { checkMessageSafety, needsWarning } from "./safety-check";

const flagged = (text: string) => checkMessageSafety(text);

describe("the safety check flags links", () => {
  it.each([
    "Look here: https://example.com/item",
    "http://phish.example",
    "hxxps://bad.example",
    "www.example.com",
    "WWW . scam-site . net",
    "message me on wa.me/963944123456",
    "wa . me/963944123456",
    "wa dot me 963944",
    "t.me/cheap_phones",
    "تواصل معي t . me/seller",
    "bit.ly/abc123",
    "my shop souq-deals.shop has more",
    "write to seller@gmail.com",
    "رابط: https://مثال.com",
    "example.co\u200B",
    "wa\u200B.me/963",
    "ＷＷＷ．ｅｘａｍｐｌｅ．ｃｏｍ",
  ])("%s", (text) => {
    expect(flagged(text).link).toBe(true);
  });

  it.each([
    "Is it still available?",
    "The price is 1.500.000 SYP",
    "I can pay 3.5 million",
    "Meet at 5.30 in Mezzeh",
    "e.g. tomorrow, i.e. Friday",
    "مرحبا، هل السيارة متوفرة؟",
    "السعر ١٬٥٠٠٬٠٠٠ ل.س",
    "<b>bold</b> & <script>alert(1)</script>",
    "🚗🔥 great car!!!",
    "End. Me too.",
  ])("not: %s", (text) => {
    expect(flagged(text).link).toBe(false);
  });
});

describe("the safety check flags payment outside Souqna", () => {
  it.each([
    "Send the money by Western Union first",
    "western-union only",
    "MoneyGram is fine",
    "I need a deposit before I ship",
    "Pay in advance and I deliver tomorrow",
    "upfront payment please",
    "bank transfer to my account",
    "pay with PayPal or USDT",
    "buy me a Google Play card",
    "send me the money and I'll ship",
    "ابعتلي حوالة وبوصلك الغرض",
    "بدي حواله قبل الشحن",
    "ادفع مقدم وبرسلك السيارة",
    "ادفع مقدماً",
    "الدفع مقدماً فقط",
    "بدي عربون لحجز الشقة",
    "والعربون غير مسترد",
    "عن طريق الويسترن يونيون",
    "حوّل المبلغ على شام كاش",
    "ابعتلي رصيد سيريتل كاش",
    "بالبيتكوين أو USDT",
    "رسوم الشحن عليك",
    "دفعة مقدمة ٥٠٪",
    "حوالتك وصلت؟",
  ])("%s", (text) => {
    expect(flagged(text).payment).toBe(true);
  });

  it.each([
    "Can I see it tomorrow?",
    "I'll pay cash when we meet",
    "شكراً مقدماً",
    "شكرا سلفاً على الرد",
    "السيارة حوالي ٢٠١٥",
    "البيت حولي قريب",
    "هل السعر قابل للتفاوض؟",
    "تحويلة الكهرباء جديدة",
  ])("not: %s", (text) => {
    expect(flagged(text).payment).toBe(false);
  });
});

describe("the safety check flags cash mobile transfers and requests for a code", () => {
  it.each([
    "ابعتلي عالكاش موبايل لاحجزلك ياها",
    "حوّل العربون كاش موبايل",
    "pay the deposit by Syriatel Cash",
  ])("payment: %s", (text) => {
    expect(flagged(text).payment).toBe(true);
  });

  it.each([
    "Send me the code you just got, it is to confirm the sale",
    "what is the verification code?",
    "ابعتلي الكود يلي وصلك برسالة",
    "شو رمز التحقق يلي إجاك؟",
    "عطيني الكود لأثبت الحجز",
    "أرسل لي الرمز الذي وصلك",
  ])("code: %s", (text) => {
    const flags = flagged(text);
    expect(flags.code).toBe(true);
    expect(needsWarning(flags)).toBe(true);
  });

  it.each([
    "The code of the building door is on the flyer",
    "Postal code 12345?",
    "الكود تبع السيارة موجود بالأوراق",
    "شو رقم الموديل؟",
  ])("not a code request: %s", (text) => {
    expect(flagged(text).code).toBe(false);
  });
});
