import { describe, expect, it } from "vitest";
import { renderDocument } from "../../tests/setup/render-document";
import {
  AFTER_PAINT,
  Coalesce,
  INERT_MODULE_SCRIPT,
  MODULE_SCRIPT,
  MODULEPRELOAD,
} from "./defer-scripts.server";

const render = (defer: boolean) =>
  renderDocument(defer ? { body: () => new Coalesce("n0nce") } : {});

describe("React Router 7.18.4's document, as the deferral expects it", () => {
  it("has modulepreload links in the head and one async module script in the body", async () => {
    const html = await render(false);
    const head = html.slice(0, html.indexOf("</head>"));
    const links = [...head.matchAll(MODULEPRELOAD)].map((m) => m[1]);
    expect(links).toEqual(
      expect.arrayContaining([
        "/assets/manifest.js",
        "/assets/entry.client.js",
        "/assets/chunk-react.js",
        "/assets/root.js",
        "/assets/chunk-root.js",
      ]),
    );
    expect(html.split(MODULE_SCRIPT).length - 1).toBe(1);
    expect(html.indexOf(MODULE_SCRIPT)).toBeGreaterThan(html.indexOf("<body"));
  });
});

describe("Coalesce", () => {
  it("takes the links out of the head, keeps the module script inert and loads both after paint", async () => {
    const plain = await render(false);
    const html = await render(true);
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).not.toContain("modulepreload");
    expect(html).not.toContain(MODULE_SCRIPT);
    expect(html.split(INERT_MODULE_SCRIPT).length - 1).toBe(1);
    // The inert script is React Router's own, only its type changed.
    expect(
      html
        .replace(INERT_MODULE_SCRIPT, MODULE_SCRIPT)
        .replace(/<script nonce="n0nce">\(function[\s\S]*?<\/script>(?=<\/body>)/, ""),
    ).toBe(plain.replace(MODULEPRELOAD, ""));
    const hrefs = [...plain.matchAll(MODULEPRELOAD)].map((m) => m[1]);
    expect(html).toContain(
      `<script nonce="n0nce">${AFTER_PAINT}(${JSON.stringify(hrefs)})</script></body>`,
    );
  });

  it("joins small writes and still ends with the loader when the body never closes", async () => {
    const body = new Coalesce(undefined);
    const out: Buffer[] = [];
    body.on("data", (chunk: Buffer) => out.push(chunk));
    const done = new Promise((resolve) => body.on("end", resolve));
    body.write('<html><head><link rel="modulepreload" href="/a.js"/></head><body>');
    body.write('<script type="module" async="">import("/a.js")</script>');
    body.end();
    await done;
    expect(out).toHaveLength(1);
    expect(out[0]?.toString()).toBe(
      `<html><head></head><body><script ${INERT_MODULE_SCRIPT}import("/a.js")</script><script>${AFTER_PAINT}(["/a.js"])</script>`,
    );
  });
});
