import { isAPIError } from "better-auth/api";
import { AppError, type AppErrorCode } from "~/utils/app-error";

/** Our code for a library's, with the form field it belongs to when there is one. */
type Mapped = AppErrorCode | { code: AppErrorCode; field: string };

/**
 * Runs a better-auth call and turns its errors into our codes, so no library message or internal
 * code ever reaches a person. Unknown failures are rethrown to become a logged 500.
 */
export async function callAuth<T>(fn: () => Promise<T>, map: Record<string, Mapped>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (isAPIError(error)) {
      const code = (error.body as { code?: string } | undefined)?.code ?? "";
      const mapped = map[code];
      if (typeof mapped === "string") throw new AppError(mapped);
      if (mapped) throw new AppError(mapped.code, { field: mapped.field });
    }
    throw error;
  }
}
