import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { sessions, users } from "~/db/schema";
import { AppError } from "~/utils/app-error";
import { limits } from "./abuse-limits";
import type { Auth } from "./auth.server";
import { callAuth } from "./better-auth-errors.server";
import { limitFailures } from "./rate-limit.server";

interface SignInOptions {
  db: Database;
  auth: Auth;
  input: { email: string; password: string };
  ip: string;
  headers: Headers;
}

/**
 * Checks the password and opens a new session (a fresh token: any session the browser already had
 * is revoked, so a planted cookie cannot survive sign-in). Returns the Set-Cookie headers.
 */
export async function signIn({ db, auth, input, ip, headers }: SignInOptions): Promise<string[]> {
  const previous = await auth.api.getSession({ headers }).catch(() => null);
  // Only wrong passwords count, per address and per account-and-address (abuse-limits.ts).
  const { headers: out, response } = await limitFailures(
    db,
    [
      [limits.signInPerIp, ip],
      [limits.signInPerAccount, `${input.email.trim().toLowerCase()}|${ip}`],
    ],
    ["INVALID_CREDENTIALS"],
    () =>
      callAuth(
        () =>
          auth.api.signInEmail({
            body: { email: input.email, password: input.password, rememberMe: true },
            returnHeaders: true,
          }),
        { INVALID_EMAIL_OR_PASSWORD: "INVALID_CREDENTIALS", INVALID_EMAIL: "INVALID_CREDENTIALS" },
      ),
  );

  const [account] = await db
    .select({ suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(users.id, response.user.id));
  if (account?.suspendedAt) {
    await db.delete(sessions).where(eq(sessions.userId, response.user.id));
    throw new AppError("ACCOUNT_SUSPENDED");
  }
  if (previous) await db.delete(sessions).where(eq(sessions.id, previous.session.id));
  return out.getSetCookie();
}
