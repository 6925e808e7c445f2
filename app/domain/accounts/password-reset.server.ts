import { AppError } from "~/utils/app-error";
import { limits } from "./abuse-limits";
import type { Auth, MailRequest } from "./auth.server";
import { callAuth } from "./better-auth-errors.server";
import { isCommonPassword } from "./common-passwords.server";
import { hitRateLimits } from "./rate-limit.server";

/**
 * Sends a reset link if the address has an account. The answer is the same either way, so the
 * form cannot be used to find out who is a member.
 */
export async function requestPasswordReset({ db, auth, email, ip }: MailRequest) {
  const limited = await hitRateLimits(db, [
    [limits.resetPerIp, ip],
    [limits.resetPerAddress, email],
  ]);
  if (limited.limited) throw new AppError("RATE_LIMITED", { seconds: limited.retryAfterSeconds });
  await auth.api.requestPasswordReset({ body: { email, redirectTo: "/auth?type=recovery" } });
}

/**
 * Sets a new password from a reset link. The link works once and for an hour; every session of
 * the member ends (better-auth's revokeSessionsOnPasswordReset), and a notice is mailed.
 */
export async function resetPassword({
  auth,
  token,
  password,
}: {
  auth: Auth;
  token: string;
  password: string;
}) {
  if (isCommonPassword(password)) throw new AppError("PASSWORD_TOO_COMMON");
  await callAuth(() => auth.api.resetPassword({ body: { token, newPassword: password } }), {
    INVALID_TOKEN: "INVALID_RESET_LINK",
    PASSWORD_TOO_SHORT: "PASSWORD_TOO_SHORT",
    PASSWORD_TOO_LONG: "PASSWORD_TOO_LONG",
  });
}
