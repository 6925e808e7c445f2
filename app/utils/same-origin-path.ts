/*
 * Links and redirects built from an address someone else wrote (a `redirectTo` field, the
 * current location of `GET //evil.example/x`) must stay on this site. The address is resolved
 * first (dot segments, backslashes, percent-encoding) and the rule is applied to what comes out,
 * since that is what a browser follows: "/./\evil.example" resolves to "//evil.example".
 */

const BASE = "http://souqna.invalid";
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
const CONTROL_CHARACTER = /[\u0000-\u001F\u007F]/;
/**
 * What may not follow the first slash: another slash or a backslash (another site to a browser),
 * percent-encoded or not, and the Unicode look-alikes some clients and proxies fold into one
 * (∕ ⁄ ⧸ ／ ＼ ⧵ ﹨).
 */
const SLASH_AFTER_FIRST = /^\/(?:[/\\\u2215\u2044\u29F8\uFF0F\uFF3C\u29F5\uFE68]|%2f|%5c)/i;

/**
 * `to` as a same-origin path (pathname, query and hash), percent-encoded so it is safe in a
 * Location header, or null when it is not a path on this site.
 */
export function sameOriginPath(to: unknown): string | null {
  if (typeof to !== "string" || !to.startsWith("/") || CONTROL_CHARACTER.test(to)) return null;
  if (leavesSite(to)) return null;
  let url: URL;
  try {
    url = new URL(to, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return leavesSite(path) ? null : path;
}

/** Whether a path (as written, or as resolved) starts with two slashes in any spelling. */
function leavesSite(address: string) {
  const path = address.split(/[?#]/, 1)[0] ?? "";
  if (SLASH_AFTER_FIRST.test(path)) return true;
  try {
    // Once decoded too: a proxy or client that decodes "%2F" before following must not find "//".
    return SLASH_AFTER_FIRST.test(decodeURIComponent(path));
  } catch {
    // Broken percent-encoding: not a path we wrote, and not one to follow.
    return true;
  }
}

/**
 * The page's own path for a link back to it (language switch, "Try again"): leading slashes and
 * backslashes (written, encoded or look-alike) are folded into one, so the link can only ever
 * point at this site; a path that still would not stay here becomes the home page, with its query.
 */
export function currentPath(pathname: string, search = "") {
  const path = `/${pathname.replace(/^(?:[/\\\s\u2215\u2044\u29F8\uFF0F\uFF3C\u29F5\uFE68]|%2f|%5c)+/i, "")}`;
  return sameOriginPath(`${path}${search}`) ?? sameOriginPath(`/${search}`) ?? "/";
}
