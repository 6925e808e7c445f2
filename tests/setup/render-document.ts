import { PassThrough, type Transform } from "node:stream";
import { createElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import {
  createRequestHandler,
  type EntryContext,
  Links,
  Meta,
  type MetaDescriptor,
  Outlet,
  Scripts,
  type ServerBuild,
  ServerRouter,
} from "react-router";

/**
 * A real React Router document, rendered as in production (createRequestHandler → an entry that
 * renders <ServerRouter>): the smallest build React Router renders, a root route with <Meta>,
 * <Links> and <Scripts> and one module import. `body` is the stream the HTML goes through
 * (entry.server.tsx's Coalesce, or nothing); `meta` the root route's meta.
 */
export async function renderDocument({
  body = () => new PassThrough(),
  meta = [],
  nonce = "n0nce",
}: {
  body?: () => Transform;
  meta?: MetaDescriptor[];
  nonce?: string;
} = {}): Promise<string> {
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
            const stream = body();
            const chunks: Buffer[] = [];
            stream.on("data", (chunk: Buffer) => chunks.push(chunk));
            stream.on("end", () =>
              resolve(new Response(Buffer.concat(chunks).toString("utf8"), { status, headers })),
            );
            pipe(stream);
          },
          onShellError: reject,
        },
      );
    });
  const build = {
    entry: { module: { default: handleRequest } },
    routes: {
      root: { id: "root", path: "", module: { default: root, meta: () => meta } },
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
