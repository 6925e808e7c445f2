import { describe, expect, it } from "vitest";
import { decideDraft, detailsToApply, withPendingDetails } from "./draft-decision";

const server = { title: "", price: "", categoryId: "", fieldsFor: "" };
const typed = { title: "Kia Rio 2015", price: "1500000", categoryId: "1", fieldsFor: "" };
const older = {
  values: { title: "Old sofa", price: "90000", categoryId: "5", fieldsFor: "5" },
  savedAt: Date.parse("2026-11-20T14:36:00Z"),
};

describe("what the form does with a draft it did not write", () => {
  it("puts a draft in only while nobody has touched the form", () => {
    expect(decideDraft(older, { current: server, initial: server, touched: false })).toBe("apply");
  });

  it("offers, never applies, a draft once the person has typed (on load or from another tab)", () => {
    // Typed before the page's code ran: the values differ from the server's, and that counts.
    expect(decideDraft(older, { current: typed, initial: server, touched: true })).toBe("offer");
    // Typed, then put back as it was: still touched, still theirs to decide.
    expect(decideDraft(older, { current: server, initial: server, touched: true })).toBe("offer");
  });

  it("has nothing to do without a draft, or with one the form already shows", () => {
    for (const touched of [false, true]) {
      expect(decideDraft(null, { current: typed, initial: server, touched })).toBe("none");
      expect(
        decideDraft(
          { values: { ...typed }, savedAt: 1 },
          { current: typed, initial: server, touched },
        ),
      ).toBe("same");
    }
  });

  it("does not offer a draft of the form as the server drew it over what was typed", () => {
    const blank = { values: { ...server }, savedAt: 1 };
    expect(decideDraft(blank, { current: typed, initial: server, touched: true })).toBe("none");
  });

  it("compares values, not their order", () => {
    const reordered = {
      values: { fieldsFor: "", categoryId: "1", price: "1500000", title: "Kia Rio 2015" },
      savedAt: 1,
    };
    expect(decideDraft(reordered, { current: typed, initial: server, touched: true })).toBe("same");
  });
});

describe("a restore still waiting for its category's fields", () => {
  const draft = { ...older.values, "detail.make": "kia", "detail.kilometers": "85000" };

  it("keeps the draft's details with what is saved meanwhile", () => {
    const current = { ...typed, categoryId: "5", description: "Typed while waiting" };
    expect(withPendingDetails(current, draft, new Set(["description"]))).toEqual({
      ...current,
      "detail.make": "kia",
      "detail.kilometers": "85000",
    });
  });

  it("leaves the details the person typed meanwhile alone", () => {
    const touched = new Set(["detail.kilometers"]);
    const current = { ...typed, "detail.kilometers": "90000" };
    expect(withPendingDetails(current, draft, touched)["detail.kilometers"]).toBe("90000");
    expect(detailsToApply(draft, touched)).toEqual([["detail.make", "kia"]]);
  });

  it("drops the draft's details once another category was chosen", () => {
    const touched = new Set(["categoryId"]);
    expect(withPendingDetails(typed, draft, touched)).toEqual(typed);
    expect(detailsToApply(draft, touched)).toEqual([]);
  });

  it("puts the make in before the model (the model's options depend on it)", () => {
    const withModel = { "detail.make": "kia", "detail.model": "rio", title: "x" };
    expect(detailsToApply(withModel, new Set()).map(([name]) => name)).toEqual([
      "detail.make",
      "detail.model",
    ]);
  });
});
