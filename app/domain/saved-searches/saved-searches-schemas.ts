import { z } from "zod";
import { cleanLine } from "~/utils/user-text";
import { CADENCES, SAVED_SEARCH_NAME_MAX } from "./saved-searches-limits";

/*
 * The forms of /saved-searches, shared by the browser and the action. Messages are keys in the
 * `errors` catalog. Saving itself is one button whose only field is the results page's query
 * (the action re-reads it with parseListingQuery; see save-search.server.ts).
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** A saved search's id exactly as we wrote it: anything else (a path, SQL, digits in another script) is refused. */
const id = z
  .string({ error: "savedSearchNotFound" })
  .regex(UUID, "savedSearchNotFound")
  .transform((value) => value.toLowerCase());

export const saveSearchSchema = z.object({
  intent: z.literal("save"),
  // The results page's query string, category included, re-parsed and normalised on the server.
  query: z.string().max(4000, "savedSearchInvalid").default(""),
});

export const renameSavedSearchSchema = z.object({
  intent: z.literal("rename"),
  id,
  // Cleaned before it is measured: a name of only control characters is an empty name.
  name: z
    .string({ error: "savedSearchNameRequired" })
    .transform(cleanLine)
    .pipe(
      z
        .string()
        .min(1, "savedSearchNameRequired")
        .max(SAVED_SEARCH_NAME_MAX, "savedSearchNameTooLong"),
    ),
});

export const cadenceSchema = z.object({
  intent: z.literal("cadence"),
  id,
  cadence: z.enum(CADENCES, { error: "savedSearchCadenceInvalid" }),
});

export const deleteSavedSearchSchema = z.object({ intent: z.literal("delete"), id });

export function isSavedSearchId(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}
