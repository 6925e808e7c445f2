import { describe, expect, it } from "vitest";
import { keepUnsent } from "./message-composer";

describe("the text of a message that did not go", () => {
  it("comes back into the empty box", () => {
    expect(keepUnsent("", "Is it still available?")).toBe("Is it still available?");
    expect(keepUnsent("  ", "Is it still available?")).toBe("Is it still available?");
  });

  it("comes back before anything typed since, so nothing is lost", () => {
    expect(keepUnsent("Also, the price?", "Is it still available?")).toBe(
      "Is it still available?\nAlso, the price?",
    );
  });

  it("is not doubled when the box still holds it", () => {
    expect(keepUnsent("Is it still available?", "Is it still available?")).toBe(
      "Is it still available?",
    );
  });
});
