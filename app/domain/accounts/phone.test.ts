import { describe, expect, it } from "vitest";
import { formatPhoneForDisplay, parsePhone } from "./phone";
import { normalizeDigits } from "./phone-shape";

describe("normalizeDigits", () => {
  it("turns Arabic-Indic and Persian digits into 0-9 and leaves the rest alone", () => {
    expect(normalizeDigits("٠١٢٣٤٥٦٧٨٩")).toBe("0123456789");
    expect(normalizeDigits("۰۱۲۳۴۵۶۷۸۹")).toBe("0123456789");
    expect(normalizeDigits("+٩٦٣ 944")).toBe("+963 944");
    expect(normalizeDigits("abc")).toBe("abc");
  });
});

describe("parsePhone", () => {
  const accepted: [string, string][] = [
    // Syrian mobiles as people write them
    ["0944 123 456", "+963944123456"],
    ["0944123456", "+963944123456"],
    ["٠٩٤٤١٢٣٤٥٦", "+963944123456"],
    ["۰۹۴۴۱۲۳۴۵۶", "+963944123456"],
    ["+963 944 123 456", "+963944123456"],
    ["00963944123456", "+963944123456"],
    ["0944-123-456", "+963944123456"],
    ["(0944) 123 456", "+963944123456"],
    ["\u200f0944 123 456\u200f", "+963944123456"],
    ["\u2066+963 944 123 456\u2069", "+963944123456"],
    ["+٩٦٣ ٩٤٤ ١٢٣ ٤٥٦", "+963944123456"],
    // Syrian landlines: Damascus and Aleppo
    ["011 234 5678", "+963112345678"],
    ["021 234 5678", "+963212345678"],
    // The diaspora
    ["+49 151 23456789", "+4915123456789"],
    ["0049 151 23456789", "+4915123456789"],
    ["+90 532 123 45 67", "+905321234567"],
    ["+1 (202) 555-0143", "+12025550143"],
    ["+961 3 123 456", "+9613123456"],
    ["+46 70 123 45 67", "+46701234567"],
  ];

  it.each(accepted)("accepts %j as %s", (input, e164) => {
    expect(parsePhone(input)).toEqual({ ok: true, e164 });
  });

  const rejected = [
    "",
    "   ",
    "abc",
    "123",
    "09",
    "<script>",
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    "12345678901234567890",
    "+963 944 123 456 789",
    "0944 123 456 ext 7",
    "call 0944123456",
    "+963 9441234567",
    "09441234+56",
    "0944 12x 456",
    "+999 123 456 789",
    "٠٩",
    "0".repeat(41),
  ];

  it.each(rejected)("rejects %j", (input) => {
    expect(parsePhone(input)).toEqual({ ok: false });
  });

  it("reads a number without a country code in the given country", () => {
    expect(parsePhone("0151 23456789", "DE")).toEqual({ ok: true, e164: "+4915123456789" });
  });
});

describe("formatPhoneForDisplay", () => {
  it("groups a number the way its country writes it, with its country code", () => {
    expect(formatPhoneForDisplay("+963944123456")).toBe("+963 944 123 456");
    expect(formatPhoneForDisplay("+963112345678")).toBe("+963 11 234 5678");
    expect(formatPhoneForDisplay("+4915123456789")).toBe("+49 1512 3456789");
  });

  it("gives back what it cannot read", () => {
    expect(formatPhoneForDisplay("garbage")).toBe("garbage");
  });
});
