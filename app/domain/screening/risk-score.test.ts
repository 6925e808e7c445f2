import { describe, expect, it } from "vitest";
import { riskVerdict } from "./risk-score";
import { textSignals } from "./text-signals";

describe("a listing's risk score", () => {
  it("publishes a listing without signals, and one with a single weak or strong sign", () => {
    expect(riskVerdict([])).toEqual({ score: 0, reasons: [], hold: false });
    expect(riskVerdict(textSignals("More photos on www.cars-sy.com"))).toMatchObject({
      score: 25,
      hold: false,
    });
    expect(
      riskVerdict([{ rule: "price-far-below", evidence: "300,000 < 30 % of 1,500,000 (12)" }]).hold,
    ).toBe(false);
  });

  it("holds two strong signs together, each reason once, the weightiest first", () => {
    const verdict = riskVerdict([
      ...textSignals("واتساب ٠٩٣٣١٢٣٤٥٦ وكمان 0944 555 666"),
      { rule: "price-far-below", evidence: "300,000 < 30 % of 1,500,000 (12)" },
    ]);
    expect(verdict.reasons.map((reason) => reason.rule)).toEqual([
      "contact-app",
      "price-far-below",
      "contact-phone",
    ]);
    expect(verdict).toMatchObject({ score: 100, hold: true });
  });

  it("always holds copied photos, whatever the operator's threshold", () => {
    const stolen = { rule: "stolen-photos" as const, evidence: "listing 6f1c…" };
    expect(riskVerdict([stolen], 1_000).hold).toBe(true);
    // The operator's threshold decides the rest: 0 holds every listing for review, 101 none.
    expect(riskVerdict([], 0).hold).toBe(true);
    expect(riskVerdict(textSignals("call 0933 123 456, wa.me/963933123456"), 101).hold).toBe(false);
  });
});
