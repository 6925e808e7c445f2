/**
 * A domain failure a person can act on. `code` names a text in the `errors` catalog; the route
 * turns it into a translated message and an HTTP status. Never carries SQL or stack details.
 */
export type AppErrorCode =
  | "INVALID_CREDENTIALS"
  | "EMAIL_TAKEN"
  | "PASSWORD_TOO_SHORT"
  | "PASSWORD_TOO_LONG"
  | "PASSWORD_TOO_COMMON"
  | "PASSWORDS_DO_NOT_MATCH"
  | "INVALID_EMAIL"
  | "REQUIRED_FIELDS"
  | "INVALID_RESET_LINK"
  | "INVALID_CONFIRMATION_LINK"
  | "WRONG_CURRENT_PASSWORD"
  | "ACCOUNT_SUSPENDED"
  | "RATE_LIMITED"
  | "AUTH_REQUIRED"
  | "NOT_FOUND"
  | "FORBIDDEN"
  | "USERNAME_TAKEN"
  | "USERNAME_INVALID"
  | "PHONE_INVALID"
  | "LOCATION_INVALID"
  | "NAME_REQUIRED"
  | "NAME_TOO_LONG"
  | "IMAGE_NOT_IMAGE"
  | "IMAGE_TOO_LARGE"
  | "IMAGE_UNREADABLE"
  | "LISTING_IMAGE_TOO_LARGE"
  | "TOO_MANY_IMAGES"
  | "INVALID_LISTING_FORM"
  | "CATEGORY_REQUIRED"
  | "INVALID_LISTING_ID"
  | "LISTING_NOT_FOUND"
  | "NOT_OWNER"
  | "LISTING_REMOVED"
  | "UNCONFIRMED_LIMIT"
  | "UNEXPECTED";

const statusOf: Partial<Record<AppErrorCode, number>> = {
  INVALID_CREDENTIALS: 401,
  AUTH_REQUIRED: 401,
  ACCOUNT_SUSPENDED: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
  USERNAME_TAKEN: 409,
  RATE_LIMITED: 429,
  INVALID_LISTING_ID: 404,
  LISTING_NOT_FOUND: 404,
  NOT_OWNER: 403,
  LISTING_REMOVED: 403,
  UNCONFIRMED_LIMIT: 403,
  UNEXPECTED: 500,
};

export class AppError extends Error {
  override name = "AppError";
  readonly status: number;
  constructor(
    readonly code: AppErrorCode,
    readonly params: Record<string, string | number> = {},
  ) {
    super(code);
    this.status = statusOf[code] ?? 400;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
