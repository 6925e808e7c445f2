import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { profiles } from "~/db/schema";
import type { Lang } from "~/i18n/config";

/** The language the member's e-mails are written in; follows their choice in Settings. */
export async function setPreferredLanguage({
  db,
  memberId,
  lang,
}: {
  db: Database;
  memberId: string;
  lang: Lang;
}) {
  await db
    .update(profiles)
    .set({ preferredLanguage: lang, updatedAt: new Date() })
    .where(eq(profiles.id, memberId));
}
