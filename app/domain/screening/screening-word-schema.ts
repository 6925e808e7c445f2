import { z } from "zod";
import { characterCount, cleanLine } from "~/utils/user-text";

/*
 * The moderators' screening word form (issue 30), checked in the browser and again on the server
 * (messages are keys of the `errors` catalog). Kept free of server imports.
 */

/** The longest phrase a moderator may list: a phrase, not a paragraph. */
export const SCREENING_WORD_MAX = 60;
/** How many phrases the list may hold: each listing is matched against all of them. */
export const SCREENING_WORDS_LIMIT = 500;

export const screeningWordSchema = z.object({
  phrase: z
    .string({ error: "SCREENING_WORD_REQUIRED" })
    .transform(cleanLine)
    .pipe(
      z
        .string()
        .min(1, "SCREENING_WORD_REQUIRED")
        .refine((text) => characterCount(text) <= SCREENING_WORD_MAX, "SCREENING_WORD_TOO_LONG"),
    ),
});
