import { systemRemovalCode } from "~/domain/moderation/moderation-schemas";
import type { Lang } from "~/i18n/config";
import { serverT } from "~/i18n/i18n.server";

/**
 * A removed listing's reason as its owner reads it: a moderator's own words as written, the
 * system's codes (held after reports, owner suspended) in the page's language.
 */
export function removalReasonText(lang: Lang, reason: string | null | undefined): string | null {
  if (!reason) return null;
  const code = systemRemovalCode(reason);
  return code ? serverT(lang, "moderation")(`removalReason.${code}`) : reason;
}
