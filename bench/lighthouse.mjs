#!/usr/bin/env node
// Lighthouse on the pages people land on, the way a Syrian phone sees them: the mobile preset
// (simulated slow 4G, 4× CPU slowdown) in Debian's Chromium, each page in English and Arabic, as a
// visitor and as a signed-in member, the median of several runs.
//
// Usage: node bench/lighthouse.mjs [baseUrl] [--runs 3] [--only listing] [--json out.json]
//   baseUrl: a running server with demo data (default http://localhost:3000; `npm start`).
// Prints one row per page: performance, LCP, FCP, TBT, CLS, JavaScript transferred, and the other
// three categories; then every failing audit outside performance, so it can be fixed.
import fs from "node:fs";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at === -1 ? fallback : args[at + 1];
};
const base = (
  args.find((a, i) => !a.startsWith("--") && !args[i - 1]?.startsWith("--")) ??
  "http://localhost:3000"
).replace(/\/$/, "");
const runs = Number(option("runs", "3"));
const only = option("only", "");
const jsonOut = option("json", "");

const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const chromeFlags = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

async function firstListingId() {
  const html = await (await fetch(`${base}/`)).text();
  const id = html.match(/\/listing\/([0-9a-f-]{36})/)?.[1];
  if (!id) throw new Error(`no listing on ${base}/ — start the server with demo data`);
  return id;
}

/** A new member through the real sign-up form; Lighthouse then sends its session cookie. */
async function memberCookie() {
  const res = await fetch(`${base}/auth?tab=signup`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: new URLSearchParams({
      intent: "signup",
      fullName: "Lighthouse Bench",
      email: `lighthouse-${Date.now()}@bench.invalid`,
      password: "Cedar-Hama-Waterwheel-9",
    }),
    redirect: "manual",
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => c && !c.startsWith("souqna_flash="))
    .join("; ");
  if (res.status !== 302 || !cookie) {
    throw new Error(`sign-up failed (${res.status}); is SIGN_UPS_PER_IP_PER_HOUR used up?`);
  }
  return cookie;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** One Lighthouse run; a run Chromium failed to record (NO_NAVSTART and the like) is taken again. */
async function audit(chrome, url, cookie, attempt = 1) {
  const result = await lighthouse(
    url,
    {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      extraHeaders: { Cookie: cookie },
    },
    undefined,
  );
  const lhr = result.lhr;
  if (lhr.runtimeError) {
    if (attempt < 3) return audit(chrome, url, cookie, attempt + 1);
    throw new Error(`${url}: ${lhr.runtimeError.message}`);
  }
  const a = lhr.audits;
  const scripts = (a["network-requests"].details?.items ?? []).filter(
    (r) => r.resourceType === "Script",
  );
  const observed = a.metrics.details?.items?.[0] ?? {};
  const lcpNode = a["largest-contentful-paint-element"].details?.items?.[0]?.items?.[0]?.node;
  return {
    performance: Math.round(lhr.categories.performance.score * 100),
    // What Lantern simulated from: the element, and when it was painted in the real (unthrottled)
    // run — every request that ended before that moment counts towards the simulated LCP.
    lcpElement: (lcpNode?.snippet ?? "?").slice(0, 90),
    observedLcp: observed.observedLargestContentfulPaint,
    lcp: a["largest-contentful-paint"].numericValue,
    fcp: a["first-contentful-paint"].numericValue,
    tbt: a["total-blocking-time"].numericValue,
    cls: a["cumulative-layout-shift"].numericValue,
    js: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    scripts: scripts.length,
    seo: Math.round(lhr.categories.seo.score * 100),
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    bestPractices: Math.round(lhr.categories["best-practices"].score * 100),
    failing: ["seo", "accessibility", "best-practices"].flatMap((category) =>
      lhr.categories[category].auditRefs
        .filter((ref) => ref.weight > 0 && a[ref.id].score !== null && a[ref.id].score < 1)
        .map((ref) => `${category}: ${ref.id} — ${a[ref.id].title}`),
    ),
  };
}

const listingId = await firstListingId();
const pages = [
  ["/", "home"],
  ["/search?q=toyota", "search"],
  ["/category/motors", "category"],
  [`/listing/${listingId}`, "listing"],
].filter(([, name]) => !only || name === only);
const viewers = [["visitor", ""]];
viewers.push(["member", await memberCookie()]);

const chrome = await launch({ chromePath, chromeFlags });
const rows = [];
try {
  // A first run warms Chromium and the server's code (the first audit of a run scored 10–20 points
  // below the same page audited again); it is not counted.
  await audit(chrome, `${base}${pages[0][0]}`, "lang=en");
  for (const [viewer, session] of viewers) {
    for (const [path, name] of pages) {
      for (const lang of ["en", "ar"]) {
        const cookie = [session, `lang=${lang}`].filter(Boolean).join("; ");
        const samples = [];
        for (let i = 0; i < runs; i += 1)
          samples.push(await audit(chrome, `${base}${path}`, cookie));
        // The run whose performance score is the median stands for the page.
        const byScore = [...samples].sort((x, y) => x.performance - y.performance);
        const mid = byScore[Math.floor(byScore.length / 2)];
        const row = {
          page: `${name} (${lang})`,
          viewer,
          ...mid,
          lcp: median(samples.map((s) => s.lcp)),
          tbt: median(samples.map((s) => s.tbt)),
          scores: samples.map((s) => s.performance),
        };
        rows.push(row);
        console.error(`${row.page} ${viewer}: ${row.scores.join(", ")}`);
      }
    }
  }
} finally {
  await chrome.kill();
}

const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
console.log(
  `\nLighthouse ${runs > 1 ? `median of ${runs}` : "one run"}, mobile (simulated slow 4G, 4× CPU), ${base}\n`,
);
console.log(
  "| page | viewer | performance | LCP | FCP | TBT | CLS | JS (scripts) | SEO | a11y | best practices |",
);
console.log("|---|---|---|---|---|---|---|---|---|---|---|");
for (const r of rows) {
  console.log(
    `| ${r.page} | ${r.viewer} | ${r.performance} | ${s(r.lcp)} | ${s(r.fcp)} | ${Math.round(r.tbt)} ms | ${r.cls.toFixed(3)} | ${(r.js / 1024).toFixed(1)} KB (${r.scripts}) | ${r.seo} | ${r.accessibility} | ${r.bestPractices} |`,
  );
}
const failing = [
  ...new Set(rows.flatMap((r) => r.failing.map((f) => `${f} [${r.page}, ${r.viewer}]`))),
];
const slow = rows.filter((r) => r.lcp > 1800);
if (slow.length) {
  console.log("\nLCP over 1.8 s (element; painted at, unthrottled):");
  for (const r of slow)
    console.log(`${r.page} ${r.viewer}: ${r.lcpElement}; ${Math.round(r.observedLcp)} ms`);
}
if (failing.length) console.log(`\nFailing audits outside performance:\n${failing.join("\n")}`);
if (jsonOut) fs.writeFileSync(jsonOut, JSON.stringify(rows, null, 2));
