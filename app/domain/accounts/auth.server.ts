import { drizzleAdapter } from "@better-auth/drizzle-adapter";
import { betterAuth } from "better-auth";
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { accounts, profiles, rateLimits, sessions, users, verifications } from "~/db/schema";
import { defaultLanguage, isLang, type Lang } from "~/i18n/config";
import type { Mailer } from "~/mail/mailer.server";
import { sendTemplate } from "~/mail/templates.server";
import type { Env } from "~/utils/env.server";
import { PASSWORD_MAX, PASSWORD_MIN } from "./accounts-schemas";

export const SESSION_DAYS = 30;
export const RESET_LINK_SECONDS = 60 * 60;
export const CONFIRM_LINK_SECONDS = 3 * 24 * 60 * 60;

export interface AuthOptions {
  db: Database;
  env: Pick<Env, "PUBLIC_URL" | "SUPPORT_EMAIL">;
  secret: string;
  mailer: Mailer;
  /** Where a mail that could not leave is reported (it never fails the request: see below). */
  logger?: { error(object: object, message: string): void };
}

/**
 * better-auth does the cryptography and the sessions (hashing, tokens, database sessions in an
 * HttpOnly cookie). Our routes call `auth.api` on the server; its own HTTP handler is not mounted,
 * so its rate limiter is off and ours (rate-limit.server.ts, in the database) applies instead.
 * Links in e-mails point at our pages, built from the raw tokens better-auth hands over.
 */
export function createAuth({ db, env, secret, mailer, logger }: AuthOptions) {
  const secure = env.PUBLIC_URL.startsWith("https:");
  const mail = async (
    userId: string,
    to: string,
    build: (lang: Lang) => Parameters<typeof sendTemplate>[1]["template"],
  ) => {
    const lang = await memberLanguage(db, userId);
    // A mail server that is down must not turn a sign-up, a reset or a resend into an error
    // page (nor let the answer differ for members and strangers): the failure is logged for the
    // operator, and the member can ask again. (A queue with retries comes with notifications.)
    await sendTemplate(mailer, {
      to,
      lang,
      template: build(lang),
      publicUrl: env.PUBLIC_URL,
      supportEmail: env.SUPPORT_EMAIL,
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
        mail(user.id, user.email, () => ({
          kind: "reset-password",
          name: user.name,
          url: `${env.PUBLIC_URL}/auth?type=recovery&token=${encodeURIComponent(token)}`,
        })),
      onPasswordReset: ({ user }) =>
        mail(user.id, user.email, () => ({
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
        mail(user.id, user.email, () => ({
          kind: "confirm-email",
          name: user.name,
          url: `${env.PUBLIC_URL}/auth/confirm?token=${encodeURIComponent(token)}`,
        })),
    },
    user: {
      deleteUser: { enabled: true },
      additionalFields: {
        role: { type: "string", input: false, defaultValue: "member" },
        suspendedAt: { type: "date", input: false, required: false },
      },
    },
    session: { expiresIn: SESSION_DAYS * 24 * 60 * 60, updateAge: 24 * 60 * 60 },
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: "souqna",
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure, path: "/" },
    },
    telemetry: { enabled: false },
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
