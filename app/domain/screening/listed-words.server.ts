import { asc } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { screeningWords } from "~/db/schema";
import { normalizeText, phraseMatcher } from "~/domain/search/normalize";
import type { ScreeningSignal } from "./risk-score";

/**
 * The moderators' words and phrases found in a listing's text (the "listed-words" rule): one
 * signal naming the first found, or none. The list is read in one statement; it is short (a few
 * hundred phrases at most), so matching is a regular expression over the normalised text.
 */
export async function listedWordSignals(
  db: Pick<Database, "select">,
  text: string,
): Promise<ScreeningSignal[]> {
  const rows = await db
    .select({ normalized: screeningWords.normalized })
    .from(screeningWords)
    .orderBy(asc(screeningWords.id));
  const found = phraseMatcher(rows.map((row) => row.normalized))(normalizeText(text));
  return found ? [{ rule: "listed-words", evidence: found }] : [];
}
