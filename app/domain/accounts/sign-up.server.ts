import type { Database } from "~/db/client.server";
import type { Lang } from "~/i18n/config";
import { AppError } from "~/utils/app-error";
import { limits } from "./abuse-limits";
import type { Auth } from "./auth.server";
import { callAuth } from "./better-auth-errors.server";
import { isCommonPassword } from "./common-passwords.server";
import { hitRateLimits } from "./rate-limit.server";
import { ensureProfile } from "./session.server";

interface SignUpOptions {
  db: Database;
  auth: Auth;
  input: { fullName: string; email: string; password: string };
  lang: Lang;
  ip: string;
  /** Overrides `limits.signUpPerIp.max` (SIGN_UPS_PER_IP_PER_HOUR). */
  maxPerIp?: number;
}

/**
 * Creates a usable account at once (DECISIONS.md), signs it in and sends the confirmation e-mail
 * in the visitor's language. Returns the Set-Cookie headers of the new session.
 */
export async function signUp({
  db,
  auth,
  input,
  lang,
  ip,
  maxPerIp = limits.signUpPerIp.max,
}: SignUpOptions): Promise<string[]> {
  if (isCommonPassword(input.password)) throw new AppError("PASSWORD_TOO_COMMON");
  const limited = await hitRateLimits(db, [[{ ...limits.signUpPerIp, max: maxPerIp }, ip]]);
  if (limited.limited) throw new AppError("RATE_LIMITED", { seconds: limited.retryAfterSeconds });

  const { headers, response } = await callAuth(
    () =>
      auth.api.signUpEmail({
        body: { name: input.fullName, email: input.email, password: input.password },
        returnHeaders: true,
      }),
    {
      USER_ALREADY_EXISTS: "EMAIL_TAKEN",
      USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "EMAIL_TAKEN",
      PASSWORD_TOO_SHORT: "PASSWORD_TOO_SHORT",
      PASSWORD_TOO_LONG: "PASSWORD_TOO_LONG",
      INVALID_EMAIL: "INVALID_EMAIL",
    },
  );
  await ensureProfile(db, { id: response.user.id, name: input.fullName }, lang);
  await auth.api.sendVerificationEmail({ body: { email: response.user.email } });
  return headers.getSetCookie();
}
