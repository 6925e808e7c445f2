import { data } from "react-router";
import { type AppErrorCode, isAppError } from "./app-error";

/** The domain's ways of saying "nothing here for you". */
const NOT_FOUND_CODES = new Set<AppErrorCode>([
  "NOT_FOUND",
  "LISTING_NOT_FOUND",
  "INVALID_LISTING_ID",
]);

/**
 * What `load` returns, or the ordinary 404 page when the domain says it found nothing: strangers
 * and malformed ids alike learn nothing of a conversation, or a listing's figures, not theirs.
 */
export async function orNotFound<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isAppError(error) && NOT_FOUND_CODES.has(error.code))
      throw data("Not found", { status: 404 });
    throw error;
  }
}
