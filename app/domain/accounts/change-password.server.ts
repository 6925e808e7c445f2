import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { sessions } from "~/db/schema";
import type { Lang } from "~/i18n/config";
import type { JobSender } from "~/jobs/job-types";
import { queueMail } from "~/mail/queue-mail.server";
import { AppError } from "~/utils/app-error";
import { limits } from "./abuse-limits";
import type { Auth } from "./auth.server";
import { callAuth } from "./better-auth-errors.server";
import { isCommonPassword } from "./common-passwords.server";
import { limitFailures } from "./rate-limit.server";
import type { Member } from "./session.server";

interface ChangePasswordOptions {
  db: Database;
  auth: Auth;
  jobs: JobSender;
  member: Member;
  lang: Lang;
  headers: Headers;
  input: { currentPassword: string; password: string };
  /** The client's address: wrong current passwords are limited per member and per address. */
  ip: string;
}

/**
 * Changes the password after checking the current one. Every session ends — other devices are
 * signed out and this browser gets a new session — and the member is told by e-mail.
 */
export async function changePassword(options: ChangePasswordOptions): Promise<string[]> {
  const { db, auth, member, input } = options;
  if (isCommonPassword(input.password)) {
    throw new AppError("PASSWORD_TOO_COMMON", { field: "password" });
  }
  // A stolen session must not become a password-guessing oracle.
  const { headers } = await limitFailures(
    db,
    [
      [limits.passwordCheckPerMember, member.id],
      [limits.passwordCheckPerIp, options.ip],
    ],
    ["WRONG_CURRENT_PASSWORD"],
    () =>
      callAuth(
        () =>
          auth.api.changePassword({
            body: {
              currentPassword: input.currentPassword,
              newPassword: input.password,
              revokeOtherSessions: true,
            },
            headers: options.headers,
            returnHeaders: true,
          }),
        {
          INVALID_PASSWORD: { code: "WRONG_CURRENT_PASSWORD", field: "currentPassword" },
          PASSWORD_TOO_SHORT: { code: "PASSWORD_TOO_SHORT", field: "password" },
          PASSWORD_TOO_LONG: { code: "PASSWORD_TOO_LONG", field: "password" },
        },
      ),
  );
  const cookies = headers.getSetCookie();
  // better-auth keeps the session it just issued; make sure nothing older survives.
  const current = await auth.api.getSession({ headers: cookieHeaders(cookies) });
  const all = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.userId, member.id));
  for (const { id } of all) {
    if (id !== current?.session.id) await db.delete(sessions).where(eq(sessions.id, id));
  }
  await queueMail(options.jobs, {
    to: member.email,
    lang: options.lang,
    template: { kind: "password-changed", name: member.name, when: new Date() },
  });
  return cookies;
}

/** A request-like Headers carrying the cookies a response just set. */
export function cookieHeaders(setCookies: string[]) {
  const cookie = setCookies.map((c) => c.split(";")[0]).join("; ");
  return new Headers({ cookie });
}
