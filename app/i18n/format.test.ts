import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatNumber, formatPrice, formatUsd } from "./format";

describe("formatting", () => {
  it("writes dollars so they read naturally in both directions", () => {
    expect(formatUsd("en", 10458, { max: 0 })).toBe("$10,458");
    const ar = formatUsd("ar", 10458, { max: 0 });
    expect(ar).toBe("١٠٬٤٥٨ دولار");
    // No Latin letters or dollar sign for the bidi algorithm to reorder.
    expect(ar).not.toMatch(/[A-Za-z$]/);
    expect(formatUsd("ar", 12.5, { min: 2, max: 2 })).toBe("١٢٫٥٠ دولار");
  });

  it("keeps prices in pounds as before", () => {
    expect(formatPrice("en", 1500000)).toBe("SYP 1,500,000");
    expect(formatPrice("ar", 1500000)).toBe("١٬٥٠٠٬٠٠٠ ل.س");
  });

  it("reuses formatters without mixing their options", () => {
    expect(formatNumber("en", 1234.567, { maximumFractionDigits: 0 })).toBe("1,235");
    expect(formatNumber("en", 1234.567, { maximumFractionDigits: 2 })).toBe("1,234.57");
    expect(formatNumber("ar", 7)).toBe("٧");
    const day = new Date("2026-11-24T12:00:00Z");
    expect(formatDate("en", day)).toBe("November 24, 2026");
    expect(formatDate("en", day, { year: "numeric" })).toBe("2026");
  });

  it("writes a moment one way in each language: a 12-hour time, the month by name", () => {
    const moment = new Date("2026-11-27T11:16:00Z");
    const zone = { timeZone: "Asia/Damascus" };
    expect(formatDateTime("en", moment, zone)).toBe("Nov 27, 2026, 2:16 PM");
    expect(formatDateTime("en", moment, { ...zone, timeOnly: true })).toBe("2:16 PM");
    expect(formatDateTime("ar", moment, zone)).toBe("٢٧ تشرين الثاني ٢٠٢٦، ٢:١٦ م");
    expect(formatDateTime("ar", moment, { ...zone, timeOnly: true })).toBe("٢:١٦ م");
  });
});
