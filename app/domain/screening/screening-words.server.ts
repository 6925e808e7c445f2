import { asc, count, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { screeningWords } from "~/db/schema";
import { type Actor, assertModerator, recordAction } from "~/domain/moderation/moderator.server";
import { normalizeText } from "~/domain/search/normalize";
import { AppError } from "~/utils/app-error";
import { SCREENING_WORDS_LIMIT, screeningWordSchema } from "./screening-word-schema";

/*
 * The words and phrases moderators list as signs of a scam (issue 30): a listing whose title or
 * description holds one raises the "listed-words" rule (listed-words.server.ts). Moderators only;
 * each change is in the audit log. A phrase is kept as typed and compared normalised like search,
 * so one entry covers its spellings (أ/ا, ة/ه, diacritics, Arabic-Indic digits, case).
 */

export interface ScreeningWord {
  id: number;
  phrase: string;
  createdAt: Date;
}

export async function listScreeningWords({
  db,
  actor,
}: {
  db: Database;
  actor: Actor;
}): Promise<ScreeningWord[]> {
  await assertModerator(db, actor);
  return db
    .select({
      id: screeningWords.id,
      phrase: screeningWords.phrase,
      createdAt: screeningWords.createdAt,
    })
    .from(screeningWords)
    .orderBy(asc(screeningWords.phrase));
}

/** Adds a phrase; one that normalises to a listed one is SCREENING_WORD_EXISTS. */
export async function addScreeningWord({
  db,
  actor,
  phrase: raw,
}: {
  db: Database;
  actor: Actor;
  phrase: unknown;
}): Promise<ScreeningWord> {
  return db.transaction(async (tx) => {
    const moderator = await assertModerator(tx, actor);
    const parsed = screeningWordSchema.safeParse({ phrase: raw });
    if (!parsed.success) {
      const code =
        parsed.error.issues[0]?.message === "SCREENING_WORD_TOO_LONG"
          ? "SCREENING_WORD_TOO_LONG"
          : "SCREENING_WORD_REQUIRED";
      throw new AppError(code, { field: "phrase" });
    }
    const { phrase } = parsed.data;
    // Punctuation alone normalises to nothing: it could match no listing.
    const normalized = normalizeText(phrase);
    if (!normalized) throw new AppError("SCREENING_WORD_REQUIRED", { field: "phrase" });
    // The list's own lock: two moderators adding at once take turns at the limit.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('screening_words', 0))`);
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(screeningWords);
    if (n >= SCREENING_WORDS_LIMIT) throw new AppError("SCREENING_WORDS_FULL", { field: "phrase" });
    const [added] = await tx
      .insert(screeningWords)
      .values({ phrase, normalized, createdBy: moderator.id })
      .onConflictDoNothing({ target: screeningWords.normalized })
      .returning({
        id: screeningWords.id,
        phrase: screeningWords.phrase,
        createdAt: screeningWords.createdAt,
      });
    if (!added) throw new AppError("SCREENING_WORD_EXISTS", { field: "phrase" });
    await recordAction(tx, {
      moderatorId: moderator.id,
      action: "add_screening_word",
      reason: phrase,
    });
    return added;
  });
}

export async function removeScreeningWord({
  db,
  actor,
  id,
}: {
  db: Database;
  actor: Actor;
  id: unknown;
}): Promise<void> {
  await db.transaction(async (tx) => {
    const moderator = await assertModerator(tx, actor);
    const wordId = typeof id === "string" && /^\d{1,9}$/.test(id) ? Number(id) : Number.NaN;
    if (!Number.isSafeInteger(wordId)) throw new AppError("SCREENING_WORD_NOT_FOUND");
    const [removed] = await tx
      .delete(screeningWords)
      .where(eq(screeningWords.id, wordId))
      .returning({ phrase: screeningWords.phrase });
    if (!removed) throw new AppError("SCREENING_WORD_NOT_FOUND");
    await recordAction(tx, {
      moderatorId: moderator.id,
      action: "remove_screening_word",
      reason: removed.phrase,
    });
  });
}
