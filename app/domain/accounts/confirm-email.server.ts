import { AppError } from "~/utils/app-error";
import { limits } from "./abuse-limits";
import type { Auth, MailRequest } from "./auth.server";
import { callAuth } from "./better-auth-errors.server";
import { hitRateLimits } from "./rate-limit.server";

/** Marks the address confirmed from the link in the confirmation e-mail (valid three days). */
export async function confirmEmail({ auth, token }: { auth: Auth; token: string }) {
  await callAuth(() => auth.api.verifyEmail({ query: { token } }), {
    INVALID_TOKEN: "INVALID_CONFIRMATION_LINK",
    TOKEN_EXPIRED: "INVALID_CONFIRMATION_LINK",
    USER_NOT_FOUND: "INVALID_CONFIRMATION_LINK",
  });
}

/** Sends the confirmation e-mail again (same answer whether or not the address is a member). */
export async function resendConfirmation({ db, auth, email, ip }: MailRequest) {
  const limited = await hitRateLimits(db, [
    [limits.confirmPerIp, ip],
    [limits.confirmPerAddress, email],
  ]);
  if (limited.limited) throw new AppError("RATE_LIMITED", { seconds: limited.retryAfterSeconds });
  await auth.api.sendVerificationEmail({ body: { email } }).catch((error: unknown) => {
    // Unknown or already confirmed addresses are not the visitor's business to learn about.
    if ((error as { status?: unknown })?.status === undefined) throw error;
  });
}
