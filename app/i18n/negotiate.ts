import { defaultLanguage, isLang, type Lang } from "./config";

export interface LanguageSources {
  /** `?lang=` on the URL: an explicit switch, wins over everything. */
  query?: string | null;
  /** The `lang` cookie: the visitor's saved choice. */
  cookie?: string | null;
  acceptLanguage?: string | null;
}

/**
 * Picks the page language: ?lang=, else the cookie, else the best Accept-Language match, else
 * English. Garbage in any source is ignored quietly and the next source is tried.
 */
export function negotiateLanguage(sources: LanguageSources): { lang: Lang; explicit: boolean } {
  const query = sources.query?.trim().toLowerCase();
  if (isLang(query)) return { lang: query, explicit: true };
  const cookie = sources.cookie?.trim().toLowerCase();
  if (isLang(cookie)) return { lang: cookie, explicit: false };
  return { lang: fromAcceptLanguage(sources.acceptLanguage) ?? defaultLanguage, explicit: false };
}

export function fromAcceptLanguage(header: string | null | undefined): Lang | undefined {
  if (!header || header.length > 1000) return undefined;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const q = qParam ? Number(qParam.slice(2)) : 1;
      return { base: tag.trim().toLowerCase().split("-")[0] ?? "", q, index };
    })
    .filter((entry) => Number.isFinite(entry.q) && entry.q > 0 && entry.q <= 1)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.find((entry) => isLang(entry.base))?.base as Lang | undefined;
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
