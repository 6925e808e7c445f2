import { data } from "react-router";
import { isAppError } from "./app-error";

/**
 * What `load` returns, or the ordinary 404 page when the domain says NOT_FOUND: strangers and
 * malformed ids alike learn nothing of a conversation that is not theirs.
 */
export async function orNotFound<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isAppError(error) && error.code === "NOT_FOUND") throw data("Not found", { status: 404 });
    throw error;
  }
}
