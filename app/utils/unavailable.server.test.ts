import { describe, expect, it } from "vitest";
import { isUnavailable } from "./unavailable.server";

describe("isUnavailable", () => {
  it("knows a full disk and a database that is away, also when wrapped", () => {
    expect(isUnavailable(Object.assign(new Error("no space"), { code: "ENOSPC" }))).toBe(true);
    expect(isUnavailable(Object.assign(new Error("shutdown"), { code: "57P01" }))).toBe(true);
    expect(isUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    const wrapped = new Error("Failed query: insert …", {
      cause: Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }),
    });
    expect(isUnavailable(wrapped)).toBe(true);
  });

  it("is not fooled by ordinary failures", () => {
    expect(isUnavailable(new Error("boom"))).toBe(false);
    expect(isUnavailable(Object.assign(new Error("unique"), { code: "23505" }))).toBe(false);
    expect(isUnavailable(null)).toBe(false);
    expect(isUnavailable("ENOSPC")).toBe(false);
  });
});
