import { PassThrough } from "node:stream";
import { createElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import {
  createRequestHandler,
  type EntryContext,
  Links,
  Meta,
  Outlet,
  Scripts,
  type ServerBuild,
  ServerRouter,
} from "react-router";
import { describe, expect, it } from "vitest";
import {
  AFTER_PAINT,
  Coalesce,
  INERT_MODULE_SCRIPT,
  MODULE_SCRIPT,
  MODULEPRELOAD,
} from "./defer-scripts.server";

/**
 * A real React Router document, rendered as in production (createRequestHandler → an entry that
 * renders <ServerRouter>), through Coalesce or not. The build is the smallest one React Router
 * renders: a root route with <Meta>, <Links>, <Scripts>, and one module import.
 */
async function render(defer: boolean, nonce = "n0nce") {
  const root = () =>
    createElement(
      "html",
      { lang: "en" },
      createElement("head", null, createElement(Meta), createElement(Links)),
      createElement(
        "body",
        null,
        createElement("main", null, "Hello"),
        createElement(Outlet),
        createElement(Scripts, { nonce }),
      ),
    );
  const handleRequest = (
    request: Request,
    status: number,
    headers: Headers,
    context: EntryContext,
  ): Promise<Response> =>
    new Promise((resolve, reject) => {
      const { pipe } = renderToPipeableStream(
        createElement(ServerRouter, { context, url: request.url, nonce }),
        {
          nonce,
          onAllReady() {
            const body = defer ? new Coalesce(nonce, undefined) : new PassThrough();
            const chunks: Buffer[] = [];
            body.on("data", (chunk: Buffer) => chunks.push(chunk));
            body.on("end", () =>
              resolve(new Response(Buffer.concat(chunks).toString("utf8"), { status, headers })),
            );
            pipe(body);
          },
          onShellError: reject,
        },
      );
    });
  const build = {
    entry: { module: { default: handleRequest } },
    routes: {
      root: { id: "root", path: "", module: { default: root } },
    },
    assets: {
      entry: { module: "/assets/entry.client.js", imports: ["/assets/chunk-react.js"] },
      routes: {
        root: {
          id: "root",
          path: "",
          module: "/assets/root.js",
          imports: ["/assets/chunk-root.js"],
          hasAction: false,
          hasLoader: false,
          hasClientAction: false,
          hasClientLoader: false,
          hasClientMiddleware: false,
          hasErrorBoundary: false,
        },
      },
      url: "/assets/manifest.js",
      version: "1",
    },
    publicPath: "/",
    assetsBuildDirectory: "/tmp",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
  const response = await createRequestHandler(
    build,
    "production",
  )(new Request("http://localhost/"));
  return response.text();
}

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
    const body = new Coalesce(undefined, undefined);
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
