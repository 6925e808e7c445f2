import { createHash } from "node:crypto";
import { drizzleAdapter } from "@better-auth/drizzle-adapter";
import { betterAuth } from "better-auth";
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { accounts, profiles, rateLimits, sessions, users, verifications } from "~/db/schema";
import { defaultLanguage, isLang, type Lang } from "~/i18n/config";
import type { JobSender } from "~/jobs/job-types";
import { queueMail } from "~/mail/queue-mail.server";
import type { MailTemplate } from "~/mail/templates.server";
import type { Env } from "~/utils/env.server";
import { PASSWORD_MAX, PASSWORD_MIN } from "./accounts-schemas";
import { provenSessions } from "./server-session-plugin.server";

export const SESSION_DAYS = 30;
export const RESET_LINK_SECONDS = 60 * 60;
export const CONFIRM_LINK_SECONDS = 3 * 24 * 60 * 60;

export interface AuthOptions {
  db: Database;
  env: Pick<Env, "PUBLIC_URL" | "SUPPORT_EMAIL">;
  secret: string;
  /** Mail goes out as jobs (queueMail), retried while the SMTP server is away. */
  jobs: JobSender;
  /** Where a mail that could not be queued is reported (it never fails the request: see below). */
  logger?: { error(object: object, message: string): void };
}

/**
 * better-auth does the cryptography and the sessions (hashing, tokens, database sessions in an
 * HttpOnly cookie). Our routes call `auth.api` on the server; its own HTTP handler is not mounted,
 * so its rate limiter is off and ours (rate-limit.server.ts, in the database) applies instead.
 * Links in e-mails point at our pages, built from the raw tokens better-auth hands over.
 */
export function createAuth({ db, env, secret, jobs, logger }: AuthOptions) {
  const secure = env.PUBLIC_URL.startsWith("https:");
  const mail = async (
    user: { id: string; email: string },
    build: (lang: Lang) => MailTemplate,
    /** Makes a repeat of the same mail (a double submit) queue nothing: the token it carries. */
    token?: string,
  ) => {
    const lang = await memberLanguage(db, user.id);
    // The mail is queued, so an SMTP outage only delays it. Even a queue that cannot take it (the
    // database failing) must not turn a sign-up, a reset or a resend into an error page (nor let
    // the answer differ for members and strangers): it is logged, and the member can ask again.
    await queueMail(jobs, {
      to: user.email,
      lang,
      template: build(lang),
      key: token ? `${user.id}:${fingerprint(token)}` : undefined,
    }).catch((error: unknown) => {
      logger?.error({ err: error, mail: build(lang).kind }, "mail could not be sent");
    });
  };

  return betterAuth({
    appName: "Souqna",
    baseURL: env.PUBLIC_URL,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [new URL(env.PUBLIC_URL).origin],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        rateLimit: rateLimits,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      autoSignIn: true,
      requireEmailVerification: false,
      resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: ({ user, token }) =>
        mail(
          user,
          () => ({
            kind: "reset-password",
            name: user.name,
            url: `${env.PUBLIC_URL}/auth?type=recovery&token=${encodeURIComponent(token)}`,
          }),
          token,
        ),
      onPasswordReset: ({ user }) =>
        mail(user, () => ({
          kind: "password-changed",
          name: user.name,
          when: new Date(),
        })),
    },
    emailVerification: {
      sendOnSignUp: false,
      autoSignInAfterVerification: false,
      expiresIn: CONFIRM_LINK_SECONDS,
      sendVerificationEmail: ({ user, token }) =>
        mail(
          user,
          () => ({
            kind: "confirm-email",
            name: user.name,
            url: `${env.PUBLIC_URL}/auth/confirm?token=${encodeURIComponent(token)}`,
          }),
          token,
        ),
    },
    user: {
      deleteUser: { enabled: true },
      // A member who signed up with a phone alone adds an address later (Settings): it replaces
      // the unconfirmed placeholder at once and a confirmation link goes to it (decision 037).
      changeEmail: { enabled: true, updateEmailWithoutVerification: true },
      additionalFields: {
        role: { type: "string", input: false, defaultValue: "member" },
        suspendedAt: { type: "date", input: false, required: false },
      },
    },
    session: { expiresIn: SESSION_DAYS * 24 * 60 * 60, updateAge: 24 * 60 * 60 },
    rateLimit: { enabled: false },
    advanced: {
      // A session and its member in one statement (relations in db/schema/accounts.ts).
      database: { joins: true },
      cookiePrefix: "souqna",
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure, path: "/" },
    },
    telemetry: { enabled: false },
    plugins: [provenSessions()],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** A request for a mail to an address (a reset link, the confirmation again), limited per IP. */
export interface MailRequest {
  db: Database;
  auth: Auth;
  email: string;
  ip: string;
}

async function memberLanguage(db: Database, userId: string): Promise<Lang> {
  const [row] = await db
    .select({ lang: profiles.preferredLanguage })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return isLang(row?.lang) ? row.lang : defaultLanguage;
}

/** Stands for a token in a job's key, which is stored in clear beside the job. */
function fingerprint(token: string) {
  return createHash("sha256").update(token).digest("hex").slice(0, 32);
}
