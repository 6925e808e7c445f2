import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { supportedLanguages } from "../app/i18n/config";

/*
 * The page language's third source is Accept-Language as Express reads it
 * (`req.acceptsLanguages`, server/app.ts): these are the readings the language choice relies on,
 * over real HTTP, so an Express upgrade that reads them differently fails here.
 */
let base = "";
let close = () => {};

beforeAll(async () => {
  const app = express();
  app.get("/", (req, res) => {
    res.json({ accepted: req.acceptsLanguages(...supportedLanguages) });
  });
  const server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

async function accepted(header: string) {
  const res = await fetch(base, { headers: { "accept-language": header } });
  return ((await res.json()) as { accepted: string | false }).accepted;
}

describe("Accept-Language, read by Express", () => {
  it("reads regional tags by their base language", async () => {
    expect(await accepted("ar-SY,ar;q=0.9,en;q=0.8")).toBe("ar");
    expect(await accepted("en-US")).toBe("en");
  });

  it("honours quality values and skips unsupported languages", async () => {
    expect(await accepted("fr-FR,fr;q=0.9,en;q=0.5,ar;q=0.7")).toBe("ar");
    expect(await accepted("de,tr;q=0.8")).toBe(false);
    expect(await accepted("ar;q=0,en;q=0.1")).toBe("en");
  });

  it("gives nothing for garbage", async () => {
    expect(await accepted(";;;,,q=abc")).toBe(false);
    expect(await accepted("x-klingon")).toBe(false);
  });
});
