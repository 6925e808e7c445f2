/*
 * How a page's HTML leaves the server: React's many small writes joined into a few large pieces,
 * and React Router's scripts deferred until the page has painted (decision 010).
 *
 * Written for React Router 7.18.4. It rewrites the HTML that <Scripts> emits — the
 * `<link rel="modulepreload" … href="…">` links in the head and the one
 * `<script type="module" async="">` at the end of the body — and relies on that exact shape.
 * defer-scripts.server.test.ts renders a real React Router document and fails if the shape
 * changes, so an upgrade fails a test, not a page.
 */
import { Transform, type TransformCallback } from "node:stream";

/**
 * React writes a page as dozens of small chunks (about 2 KB each), and every chunk used to travel
 * alone through the web stream, the compression stream (a zlib call and a thread-pool round trip
 * each) and the socket. This joins what React writes in one go: a chunk leaves when React says it
 * has written a batch (`flush`, which React calls after each one), at 64 KB, or at the end — so a
 * streamed page still streams, in a few large pieces instead of many small ones.
 */
export class Coalesce extends Transform {
  private parts: Buffer[] = [];
  private size = 0;
  private modules: "head" | "held" | "converted" | "placed" = "head";
  private hrefs: string[] = [];

  constructor(private readonly nonce: string | undefined) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.parts.push(chunk);
    this.size += chunk.length;
    if (this.size >= 64 * 1024) this.flush();
    done();
  }

  override _flush(done: TransformCallback) {
    this.flush(true);
    done();
  }

  flush(last = false) {
    if (this.size === 0 && !last) return;
    let batch: Buffer = Buffer.concat(this.parts, this.size);
    if (this.modules !== "placed") batch = this.modulesAfterPaint(batch, last);
    if (batch.length > 0) this.push(batch);
    this.parts = [];
    this.size = 0;
  }

  /**
   * The page's JavaScript is fetched once the page has painted. React Router's <Scripts> writes a
   * modulepreload link per module into the head and a module script at the end of the body; a
   * browser asks for all of them at once, ahead of the stylesheet's fonts and the first picture —
   * on a slow connection 150 KB of JavaScript then shares the line with what the visitor waits to
   * see (the page works without it). Here the links leave the head, the module script is kept
   * inert (another type), and a small script at the end of the body, after the first paint, adds
   * the links back (all at once: no waterfall of imports) and runs the module script.
   */
  private modulesAfterPaint(batch: Buffer, last: boolean): Buffer {
    let text = batch.toString("utf8");
    if (this.modules === "head") {
      const end = text.indexOf("</head>");
      if (end === -1) return batch;
      const head = text.slice(0, end).replace(MODULEPRELOAD, (_link, href: string) => {
        this.hrefs.push(href);
        return "";
      });
      text = head + text.slice(end);
      this.modules = "held";
    }
    if (this.modules === "held" && text.includes(MODULE_SCRIPT)) {
      text = text.replace(MODULE_SCRIPT, INERT_MODULE_SCRIPT);
      this.modules = "converted";
    }
    if (this.modules === "converted" || last) {
      let at = text.lastIndexOf("</body>");
      if (at === -1 && last) at = text.length;
      if (at !== -1) {
        text = text.slice(0, at) + this.loader() + text.slice(at);
        this.modules = "placed";
      }
    }
    return Buffer.from(text, "utf8");
  }

  /** The last element of the body, where React's hydration does not look. */
  private loader() {
    const nonce = this.nonce ? ` nonce="${this.nonce}"` : "";
    return `<script${nonce}>${AFTER_PAINT}(${JSON.stringify(this.hrefs)})</script>`;
  }
}

export const MODULEPRELOAD = /<link rel="modulepreload"[^>]*?href="([^"]+)"[^>]*>/g;
export const MODULE_SCRIPT = 'type="module" async="">';
export const INERT_MODULE_SCRIPT = 'type="souqna/module">';
// Once the document is parsed (p) and has had its first contentful paint (q) — at the latest two
// seconds after parsing, as a hidden tab does not paint — and only once (s): the modules' links
// (h), then React Router's module script, re-created with the page's nonce (n). Written short:
// it is in every page's HTML.
export const AFTER_PAINT = `(function (h) {
  var d = document, n = d.currentScript.nonce, p = 0, q = 0, s = 0;
  function go() {
    if (s || !p || !q) return;
    s = 1;
    h.forEach(function (u) {
      var l = d.createElement("link");
      l.rel = "modulepreload";
      l.href = u;
      d.head.appendChild(l);
    });
    var o = d.querySelector('script[type="souqna/module"]'), x = d.createElement("script");
    x.type = "module";
    x.nonce = n;
    x.textContent = o.textContent;
    o.replaceWith(x);
  }
  function paint() { q = 1; go(); }
  function parse() { p = 1; setTimeout(paint, 2e3); go(); }
  try {
    new PerformanceObserver(function (l) {
      l.getEntries().forEach(function (e) {
        if (e.name == "first-contentful-paint") setTimeout(paint);
      });
    }).observe({ type: "paint", buffered: true });
  } catch (e) {
    q = 1;
  }
  d.readyState == "loading" ? d.addEventListener("DOMContentLoaded", parse) : parse();
})`
  .replace(/\n\s*/g, "")
  .replace(/ ?([=(){},;:?|!]) ?/g, "$1");
