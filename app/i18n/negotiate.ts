import { defaultLanguage, isLang, type Lang } from "./config";

export interface LanguageSources {
  /** `?lang=` on the URL: an explicit switch, wins over everything. */
  query?: string | null;
  /** The `lang` cookie: the visitor's saved choice. */
  cookie?: string | null;
  /**
   * The browser's preference among ours, as the server's HTTP layer reads Accept-Language
   * (Express's `req.acceptsLanguages(...supportedLanguages)`, quality values and `ar-SY` → `ar`).
   */
  accepted?: string | false | null;
}

/**
 * Picks the page language: ?lang=, else the cookie, else the browser's preference, else
 * English. Garbage in any source is ignored quietly and the next source is tried.
 */
export function negotiateLanguage(sources: LanguageSources): { lang: Lang; explicit: boolean } {
  const query = sources.query?.trim().toLowerCase();
  if (isLang(query)) return { lang: query, explicit: true };
  const cookie = sources.cookie?.trim().toLowerCase();
  if (isLang(cookie)) return { lang: cookie, explicit: false };
  const accepted = sources.accepted ? sources.accepted.toLowerCase() : undefined;
  return { lang: isLang(accepted) ? accepted : defaultLanguage, explicit: false };
}

export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}
