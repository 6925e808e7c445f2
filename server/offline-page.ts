import type { Request, Response } from "express";
import { directionOf, type Lang } from "../app/i18n/config";
import { serverT } from "../app/i18n/i18n.server";
import { CACHES } from "../app/service-worker/caches";
import { escapeHtml } from "../app/utils/escape-html";

/*
 * The offline screen (decision 024): what the service worker shows for a page that is
 * not saved on the device while the connection is down. Precached in both languages at install
 * (`/offline?lang=en`, `/offline?lang=ar`), so it is plain HTML with its styles inline and one
 * small script (its nonce matches the saved copy's own Content-Security-Policy): the script lists
 * the pages saved on this device, read from the service worker's caches. Never needed online,
 * but served like any page so that the worker can fetch it.
 */

/**
 * The script: the saved listings (their titles from the saved pages) and the member's pages. The
 * part about saved pages shows once they are read: "nothing is saved" before the list came would
 * be wrong for a moment, and without the caches nothing is known.
 */
function listingScript(lang: Lang) {
  return `(async () => {
  const box = document.getElementById("saved");
  if (!box || !("caches" in self)) return;
  const pageKey = (request) => !new URL(request.url).pathname.endsWith(".data");
  const add = (list, href, text) => {
    const item = document.createElement("li");
    const link = document.createElement("a");
    link.href = href;
    link.textContent = text;
    item.append(link);
    list.append(item);
  };
  let found = 0;
  const listings = await caches.open(${JSON.stringify(CACHES.listings)});
  const recent = document.getElementById("saved-recent");
  for (const request of (await listings.keys()).filter(pageKey).reverse()) {
    const response = await listings.match(request, { ignoreVary: true });
    const html = response ? await response.text() : "";
    const title = new DOMParser().parseFromString(html, "text/html").title || new URL(request.url).pathname;
    add(recent, request.url, title.replace(/\\s*[·|-]\\s*(Souqna|سوقنا)\\s*$/, ""));
    found++;
  }
  const personal = await caches.open(${JSON.stringify(CACHES.personal)});
  const yours = document.getElementById("saved-yours");
  const labels = JSON.parse(yours.dataset.labels || "{}");
  for (const request of (await personal.keys()).filter(pageKey)) {
    const url = new URL(request.url);
    const label = labels[url.pathname];
    if (label) { add(yours, url.pathname + "?lang=${lang}", label); found++; }
  }
  recent.closest("section").hidden = recent.children.length === 0;
  yours.closest("section").hidden = yours.children.length === 0;
  document.getElementById("saved-nothing").hidden = found > 0;
  box.hidden = false;
})();`;
}

export function offlinePageHtml(lang: Lang, nonce: string): string {
  const t = serverT(lang);
  const text = (key: Parameters<typeof t>[0]) => escapeHtml(t(key));
  const labels = JSON.stringify({
    "/favorites": t("offline.favorites"),
    "/my-listings": t("offline.myListings"),
    "/messages": t("offline.messages"),
  });
  return `<!DOCTYPE html>
<html lang="${lang}" dir="${directionOf(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#047858">
<title>${text("offline.title")} · ${lang === "ar" ? "سوقنا" : "Souqna"}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
body{margin:0;font:16px/1.6 system-ui,-apple-system,"Segoe UI",Tahoma,sans-serif;color:#0f172a;background:#f8fafc}
main{max-width:40rem;margin:0 auto;padding:2rem 1rem}
.brand{font-weight:700;color:#047858;font-size:1.25rem}
h1{font-size:1.5rem;margin:1.5rem 0 .5rem}
h2{font-size:1.05rem;margin:1.5rem 0 .5rem}
p{color:#475569;margin:0 0 1rem}
.retry{display:inline-block;background:#047858;color:#fff;border-radius:.75rem;padding:.6rem 1.2rem;font-weight:600;text-decoration:none;min-height:44px;box-sizing:border-box}
ul{list-style:none;padding:0;margin:0;background:#fff;border-radius:1rem;box-shadow:0 1px 2px rgb(0 0 0/.06);outline:1px solid #e2e8f0}
li+li{border-top:1px solid #e2e8f0}
li a{display:block;padding:.75rem 1rem;color:#047858;text-decoration:none;font-weight:500;unicode-bidi:plaintext}
</style>
</head>
<body>
<main id="main" data-testid="offline-screen">
<div class="brand">${lang === "ar" ? "سوقنا" : "Souqna"}</div>
<h1>${text("offline.title")}</h1>
<p>${text("offline.body")}</p>
<a class="retry" href="" data-testid="offline-retry">${text("offline.retry")}</a>
<div id="saved" hidden>
<h2>${text("offline.available")}</h2>
<p id="saved-nothing" data-testid="offline-nothing" hidden>${text("offline.nothing")}</p>
<section hidden><h2>${text("offline.recent")}</h2><ul id="saved-recent" data-testid="offline-recent"></ul></section>
<section hidden><h2>${text("offline.yours")}</h2><ul id="saved-yours" data-testid="offline-yours" data-labels="${escapeHtml(labels)}"></ul></section>
</div>
</main>
<script nonce="${nonce}">${listingScript(lang)}</script>
</body>
</html>`;
}

/**
 * GET /offline?lang=en|ar: the copy in that language (English without one). It sets no cookie:
 * the worker fetches both copies, and neither is the visitor's choice of language.
 */
export function offlinePage(req: Request, res: Response) {
  const lang: Lang = req.query.lang === "ar" ? "ar" : "en";
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.setHeader("Cache-Control", "no-cache");
  res.send(offlinePageHtml(lang, res.locals.cspNonce));
}
