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
  | "LISTING_HELD"
  | "LISTING_NOT_RENEWABLE"
  | "INVALID_RENEW_LINK"
  | "INVALID_UNSUBSCRIBE_LINK"
  | "PHONE_REVEAL_UNCONFIRMED"
  | "UNCONFIRMED_LIMIT"
  | "UNEXPECTED"
  | "INVALID_REQUEST"
  // Reports and moderation
  | "REPORT_REASON_REQUIRED"
  | "REPORT_DETAILS_REQUIRED"
  | "REPORT_DETAILS_TOO_LONG"
  | "ALREADY_REPORTED"
  | "CANNOT_REPORT_OWN_LISTING"
  | "MODERATION_REASON_REQUIRED"
  | "MODERATION_REASON_TOO_LONG"
  | "NO_OPEN_REPORTS"
  | "LISTING_NOT_HIDDEN"
  | "OWNER_IS_SUSPENDED"
  | "MEMBER_ALREADY_SUSPENDED"
  | "MEMBER_NOT_SUSPENDED"
  | "CANNOT_SUSPEND_MODERATOR"
  // Messaging
  | "CANNOT_MESSAGE_OWN_LISTING"
  | "MESSAGE_EMPTY"
  | "MESSAGE_TOO_LONG"
  | "MESSAGE_RATE_LIMITED"
  | "BLOCKED_BY_MEMBER"
  | "MEMBER_BLOCKED"
  | "CONVERSATION_CLOSED"
  // Saved searches
  | "SAVED_SEARCH_NOT_FOUND"
  | "SAVED_SEARCH_LIMIT"
  | "SAVED_SEARCH_INVALID"
  | "SAVED_SEARCH_EMPTY"
  // Web Push
  | "PUSH_SUBSCRIPTION_INVALID"
  | "PUSH_SUBSCRIPTION_LIMIT"
  | "PUSH_SERVICE_UNKNOWN";

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
  LISTING_HELD: 403,
  LISTING_NOT_RENEWABLE: 409,
  INVALID_RENEW_LINK: 400,
  INVALID_UNSUBSCRIBE_LINK: 400,
  PHONE_REVEAL_UNCONFIRMED: 403,
  UNCONFIRMED_LIMIT: 403,
  UNEXPECTED: 500,
  INVALID_REQUEST: 400,
  ALREADY_REPORTED: 409,
  CANNOT_REPORT_OWN_LISTING: 403,
  NO_OPEN_REPORTS: 409,
  LISTING_NOT_HIDDEN: 409,
  OWNER_IS_SUSPENDED: 409,
  MEMBER_ALREADY_SUSPENDED: 409,
  MEMBER_NOT_SUSPENDED: 409,
  CANNOT_SUSPEND_MODERATOR: 409,
  CANNOT_MESSAGE_OWN_LISTING: 403,
  MESSAGE_RATE_LIMITED: 429,
  BLOCKED_BY_MEMBER: 403,
  MEMBER_BLOCKED: 403,
  CONVERSATION_CLOSED: 403,
  SAVED_SEARCH_NOT_FOUND: 404,
  SAVED_SEARCH_LIMIT: 409,
  PUSH_SUBSCRIPTION_INVALID: 400,
  PUSH_SUBSCRIPTION_LIMIT: 409,
  PUSH_SERVICE_UNKNOWN: 400,
};

/**
 * `params` fill the message's placeholders; `field` names the form field the error belongs to,
 * so the form shows it under that field (form.server.ts) and no page keeps a code-to-field table.
 */
export class AppError extends Error {
  override name = "AppError";
  readonly status: number;
  readonly field: string | undefined;
  constructor(
    readonly code: AppErrorCode,
    readonly params: Record<string, string | number> & { field?: string } = {},
  ) {
    super(code);
    this.status = statusOf[code] ?? 400;
    this.field = params.field;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
