/*
 * Links and redirects built from an address someone else wrote (a `redirectTo` field, the
 * current location of `GET //evil.example/x`) must stay on this site. A path is same-origin only
 * when it starts with exactly one slash: "//host" and "/\host" are other sites to a browser, and
 * browsers drop tabs and line breaks, so "/\t/host" is one too.
 */

const BASE = "http://souqna.invalid";
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
const CONTROL_CHARACTER = /[\u0000-\u001F\u007F]/;

/**
 * `to` as a same-origin path (pathname, query and hash), percent-encoded so it is safe in a
 * Location header, or null when it is not a path on this site.
 */
export function sameOriginPath(to: unknown): string | null {
  if (typeof to !== "string" || !to.startsWith("/") || /^\/[/\\]/.test(to)) return null;
  if (CONTROL_CHARACTER.test(to)) return null;
  let url: URL;
  try {
    url = new URL(to, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The page's own path for a link back to it (language switch, "Try again"): leading slashes and
 * backslashes are folded into one, so the link can only ever point at this site.
 */
export function currentPath(pathname: string, search = "") {
  const path = `/${pathname.replace(/^[/\\\s]+/, "")}`;
  return sameOriginPath(`${path}${search}`) ?? "/";
}
