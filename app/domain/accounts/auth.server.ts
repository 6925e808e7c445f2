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
}

/**
 * better-auth does the cryptography and the sessions (hashing, tokens, database sessions in an
 * HttpOnly cookie). Our routes call `auth.api` on the server; its own HTTP handler is not mounted,
 * so its rate limiter is off and ours (rate-limit.server.ts, in the database) applies instead.
 * Links in e-mails point at our pages, built from the raw tokens better-auth hands over.
 */
export function createAuth({ db, env, secret, mailer }: AuthOptions) {
  const secure = env.PUBLIC_URL.startsWith("https:");
  const mail = async (
    userId: string,
    to: string,
    build: (lang: Lang) => Parameters<typeof sendTemplate>[1]["template"],
  ) => {
    const lang = await memberLanguage(db, userId);
    await sendTemplate(mailer, {
      to,
      lang,
      template: build(lang),
      publicUrl: env.PUBLIC_URL,
      supportEmail: env.SUPPORT_EMAIL,
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

async function memberLanguage(db: Database, userId: string): Promise<Lang> {
  const [row] = await db
    .select({ lang: profiles.preferredLanguage })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return isLang(row?.lang) ? row.lang : defaultLanguage;
}
