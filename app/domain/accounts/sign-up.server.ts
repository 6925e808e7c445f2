import { eq } from "drizzle-orm";
import type { RequestLogger } from "~/context";
import type { Database } from "~/db/client.server";
import { profiles, users } from "~/db/schema";
import { isLang, type Lang } from "~/i18n/config";
import type { JobSender } from "~/jobs/job-types";
import { queueMail } from "~/mail/queue-mail.server";
import { AppError, isAppError } from "~/utils/app-error";
import { limits } from "./abuse-limits";
import type { Auth } from "./auth.server";
import { callAuth } from "./better-auth-errors.server";
import { isCommonPassword } from "./common-passwords.server";
import { hitRateLimits } from "./rate-limit.server";
import { ensureProfile } from "./session.server";

interface SignUpOptions {
  db: Database;
  auth: Auth;
  jobs: JobSender;
  links: { publicUrl: string; supportEmail: string };
  logger: RequestLogger;
  input: { fullName: string; email: string; password: string };
  lang: Lang;
  ip: string;
  /** Overrides `limits.signUpPerIp.max` (SIGN_UPS_PER_IP_PER_HOUR). */
  maxPerIp?: number;
}

/**
 * Creates a usable account at once (docs/decisions/004), signs it in and sends the confirmation
 * e-mail in the visitor's language. Returns the Set-Cookie headers of the new session.
 *
 * An address that already has an account gets the same answer (no "already exists"), so the
 * form cannot be used to find out who is a member; the owner is told by e-mail instead. The
 * answer then carries no session: nothing was created. A mail that cannot be sent never fails a
 * sign-up: the account exists and the member can ask for the confirmation again.
 */
export async function signUp({
  db,
  auth,
  jobs,
  links,
  logger,
  input,
  lang,
  ip,
  maxPerIp = limits.signUpPerIp.max,
}: SignUpOptions): Promise<string[]> {
  if (isCommonPassword(input.password)) throw new AppError("PASSWORD_TOO_COMMON");
  const limited = await hitRateLimits(db, [[{ ...limits.signUpPerIp, max: maxPerIp }, ip]]);
  if (limited.limited) throw new AppError("RATE_LIMITED", { seconds: limited.retryAfterSeconds });

  let created: Awaited<ReturnType<typeof createAccount>>;
  try {
    created = await createAccount(auth, input);
  } catch (error) {
    if (!isAppError(error) || error.code !== "EMAIL_TAKEN") throw error;
    await tellOwner({ db, jobs, links, email: input.email }).catch((mailError: unknown) =>
      logger.error({ err: mailError }, "sign-up: could not tell an owner of a sign-up attempt"),
    );
    return [];
  }
  await ensureProfile(db, { id: created.response.user.id, name: input.fullName }, lang);
  try {
    await auth.api.sendVerificationEmail({ body: { email: created.response.user.email } });
  } catch (error) {
    logger.error({ err: error }, "sign-up: the confirmation e-mail could not be sent");
  }
  return created.headers.getSetCookie();
}

function createAccount(auth: Auth, input: SignUpOptions["input"]) {
  return callAuth(
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
}

async function tellOwner({
  db,
  jobs,
  links,
  email,
}: Pick<SignUpOptions, "db" | "jobs" | "links"> & { email: string }) {
  const [owner] = await db
    .select({ email: users.email, name: users.name, lang: profiles.preferredLanguage })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  if (!owner) return;
  const lang = isLang(owner.lang) ? owner.lang : "en";
  // At most one such mail an hour per address, however often strangers try it.
  const hour = new Date().toISOString().slice(0, 13);
  await queueMail(jobs, {
    to: owner.email,
    lang,
    template: { kind: "sign-up-attempt", name: owner.name, url: `${links.publicUrl}/auth` },
    key: `${owner.email}:${hour}`,
  });
}
