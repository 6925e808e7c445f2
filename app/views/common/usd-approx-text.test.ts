import { describe, expect, it } from "vitest";
import { serverT } from "~/i18n/i18n.server";
import { usdApproxText } from "./usd-approx-text";

const en = serverT("en", "listings");
const ar = serverT("ar", "listings");

describe("usdApproxText", () => {
  it("shows whole dollars from $100 up, with the rate's date", () => {
    expect(usdApproxText("en", 1_500_000, { rate: 0.0083, rateDate: "2026-03-03" }, en)).toBe(
      "≈ $12,450 · rate of Mar 3, 2026",
    );
  });

  it("shows cents below $100", () => {
    expect(usdApproxText("en", 5_000, { rate: 0.0083, rateDate: "2026-03-03" }, en)).toBe(
      "≈ $41.50 · rate of Mar 3, 2026",
    );
  });

  it("says approximate, without a date, for the configured default", () => {
    expect(usdApproxText("en", 1_500_000, { rate: 0.0083, rateDate: null }, en)).toBe(
      "≈ $12,450 (approximate)",
    );
  });

  it("keeps the rate's calendar day whatever the server's time zone", () => {
    expect(usdApproxText("en", 100_000, { rate: 0.01, rateDate: "2026-01-01" }, en)).toBe(
      "≈ $1,000 · rate of Jan 1, 2026",
    );
  });

  it("uses Arabic-Indic digits and Syrian month names in Arabic", () => {
    const text = usdApproxText("ar", 1_500_000, { rate: 0.0083, rateDate: "2026-03-03" }, ar);
    expect(text).toContain("≈");
    expect(text).toContain("١٢٬٤٥٠");
    expect(text).toContain("آذار");
    expect(text).toContain("بسعر صرف");
    expect(text).not.toMatch(/[0-9]/);
  });

  it("shows nothing for a free item or a broken rate", () => {
    expect(usdApproxText("en", 0, { rate: 0.0083, rateDate: null }, en)).toBeNull();
    expect(usdApproxText("en", 1000, { rate: Number.NaN, rateDate: null }, en)).toBeNull();
  });
});
