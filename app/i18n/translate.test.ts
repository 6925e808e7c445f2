import { describe, expect, it } from "vitest";
import { resources } from "./resources.server";
import { translator } from "./translate";

const catalog = {
  greeting: "Hello {{name}}",
  nested: { deep: { text: "Deep" } },
  unread_one: "{{count}} unread message",
  unread_other: "{{count}} unread messages",
  plain: "No {{placeholders}} filled",
};

describe("translator", () => {
  it("walks dotted keys and fills placeholders", () => {
    const t = translator("en", catalog);
    expect(t("nested.deep.text")).toBe("Deep");
    expect(t("greeting", { name: "Rana <b>" })).toBe("Hello Rana <b>");
    expect(t("plain")).toBe("No {{placeholders}} filled");
    expect(t("plain", {})).toBe("No {{placeholders}} filled");
  });

  it("answers the key itself for a missing text", () => {
    const t = translator("en", catalog);
    expect(t("nested.missing")).toBe("nested.missing");
    expect(t("nested.deep")).toBe("nested.deep");
    expect(translator("en", undefined)("greeting")).toBe("greeting");
  });

  it("picks the language's plural form by count", () => {
    const t = translator("en", catalog);
    expect(t("unread", { count: 1 })).toBe("1 unread message");
    expect(t("unread", { count: 5 })).toBe("5 unread messages");
    const ar = translator("ar", resources.ar.common);
    const en = translator("en", resources.en.common);
    // Arabic has six forms; every one of them is in the catalog.
    const forms = [0, 1, 2, 3, 11, 100].map((count) =>
      ar("errors.RATE_LIMITED", { count, formatted: String(count) }),
    );
    expect(new Set(forms).size).toBe(6);
    expect(forms[1]).toBe(resources.ar.common.errors.RATE_LIMITED_one);
    expect(en("errors.RATE_LIMITED", { count: 1, formatted: "1" })).toBe(
      resources.en.common.errors.RATE_LIMITED_one.replace("{{formatted}}", "1"),
    );
  });
});
