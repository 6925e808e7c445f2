import { describe, expect, it } from "vitest";
import { type TextSignalRule, textSignals } from "./text-signals";

const rules = (text: string) => textSignals(text).map((signal) => signal.rule);

describe("a listing's words, before it is published", () => {
  it.each<[string, TextSignalRule[]]>([
    // Phone numbers, however they are written.
    ["Call 0933 123 456 after 5", ["contact-phone"]],
    ["للتواصل ٠٩٣٣١٢٣٤٥٦", ["contact-phone"]],
    ["رقمي ۰۹۴۴-۱۲۳-۴۵۶", ["contact-phone"]],
    ["Land line (011) 223-3445", ["contact-phone"]],
    ["+963 944 123 456", ["contact-phone"]],
    ["In Istanbul: +90.555.123.4567", ["contact-phone"]],
    ["00963944123456 any time", ["contact-phone"]],
    ["اتصل على 944 123 456", ["contact-phone"]],
    // A chat app and a number, or its link.
    ["واتساب ٩٣٣ ١٢٣", ["contact-app"]],
    ["whatsapp me: 944123456", ["contact-phone", "contact-app"]],
    // The number in a chat link is a phone number too.
    ["wa.me/963944123456", ["contact-phone", "contact-app"]],
    ["Join t . me/cheapcars", ["contact-app"]],
    ["تلغرام: t.me/souq_sy", ["contact-app"]],
    // E-mail addresses, also spelled out.
    ["Write to sami.k@gmail.com", ["contact-email"]],
    ["sami (at) yahoo . com", ["contact-email"]],
    // Other sites.
    ["More photos on www.cars-sy.com", ["link"]],
    ["https://bit.ly/3xYz", ["link"]],
  ])("%s → %j", (text, expected) => {
    expect(rules(text)).toEqual(expected);
  });

  it.each([
    "Kia Rio 2015, 1,500,000 SYP, 120,000 km",
    "السعر ٩٥٠٠٠٠٠ ل.س قابل للتفاوض",
    "Price 950 000 000 old pounds",
    "iPhone 13 Pro 256 GB, battery 91 %",
    "Flat 120 m², 3 bedrooms, 2nd floor, built 2010 2011",
    "موديل ٢٠١٥ ماشية ١٢٠ ألف كم",
    "Contact me through Souqna's messages",
    "واتساب متوفر على الرقم الموثق",
    "Size 42, model 2023-2024",
  ])("%s → nothing", (text) => {
    expect(textSignals(text)).toEqual([]);
  });

  it("shows the moderator the words that raised each signal", () => {
    expect(textSignals("Nice car. Call 0933 123 456 or see www.example.com")).toEqual([
      { rule: "contact-phone", evidence: "0933 123 456" },
      { rule: "link", evidence: "www.example.com" },
    ]);
  });

  it("sees through invisible characters and Persian digits", () => {
    expect(rules("wa\u200B.me/963944123456")).toEqual(["contact-phone", "contact-app"]);
    expect(rules("موبايل ۰۹۳۳۱۲۳۴۵۶")).toEqual(["contact-phone"]);
  });
});
