import { afterEach, describe, expect, it, vi } from "vitest";
import { randomUuid } from "./random-uuid";

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("randomUuid", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is a version 4 UUID, a new one each time", () => {
    const ids = new Set(Array.from({ length: 100 }, randomUuid));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(V4);
  });

  it("is built from random bytes where the page is not secure (plain HTTP)", () => {
    vi.stubGlobal("isSecureContext", false);
    const spy = vi.spyOn(crypto, "randomUUID");
    const ids = Array.from({ length: 50 }, randomUuid);
    expect(spy).not.toHaveBeenCalled();
    expect(new Set(ids).size).toBe(50);
    for (const id of ids) expect(id).toMatch(V4);
    spy.mockRestore();
  });
});
