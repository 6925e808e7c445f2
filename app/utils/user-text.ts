/*
 * The one cleaning every piece of user-written text goes through before it is saved.
 *
 * - NUL cannot be stored in a PostgreSQL text column; the other C0 and C1 control characters
 *   (ESC, BEL, …) only hide or garble text, in a page or in an operator's terminal.
 * - Bidirectional overrides (LRO U+202D, RLO U+202E) make text display in an order other than
 *   the one it was written in: «gnp.exe» is the classic trick. They go everywhere.
 * - In one-line fields (names, titles) embeddings and isolates (U+202A–U+202C, U+2066–U+2069) go
 *   too: a name must not reorder the sentence it is shown in. Multi-line texts (descriptions,
 *   messages) keep them, because Arabic typists mixing in Latin words use them legitimately, and
 *   the page shows each such text in its own `dir="auto"` element.
 * - Direction marks (LRM, RLM, ALM) are harmless and stay.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const LINE_CONTROL = /[\u0000-\u001F\u007F-\u009F]/g;
const OVERRIDES = /[\u202D\u202E]/g;
const EMBEDDINGS_AND_ISOLATES = /[\u202A-\u202E\u2066-\u2069]/g;
// A lone surrogate cannot be encoded as UTF-8; it would be saved as U+FFFD anyway.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** One line: controls, overrides, embeddings and isolates removed, white space folded, trimmed. */
export function cleanLine(value: unknown): string {
  if (typeof value !== "string") return "";
  return value
    .replace(LONE_SURROGATE, "")
    .replace(LINE_CONTROL, " ")
    .replace(EMBEDDINGS_AND_ISOLATES, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** Several lines: line breaks normalised to \n and kept with tabs; controls and overrides removed. */
export function cleanMultiline(value: unknown): string {
  if (typeof value !== "string") return "";
  return value
    .replace(LONE_SURROGATE, "")
    .replace(/\r\n?/g, "\n")
    .replace(CONTROL, "")
    .replace(OVERRIDES, "")
    .trim();
}

/**
 * Characters as the reader sees them and PostgreSQL's char_length counts them (code points: an
 * emoji is one), the measure of every length limit on user-written text.
 */
export function characterCount(text: string) {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}
