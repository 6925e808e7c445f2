import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { sessions } from "~/db/schema";
import type { Auth } from "./auth.server";

/** Ends this browser's session. Returns the Set-Cookie headers that clear the cookie. */
export async function signOut({
  auth,
  headers,
}: {
  auth: Auth;
  headers: Headers;
}): Promise<string[]> {
  try {
    const { headers: out } = await auth.api.signOut({ headers, returnHeaders: true });
    return out.getSetCookie();
  } catch {
    return clearSessionCookies(auth);
  }
}

/** Ends every session of the member — on every device — and clears this browser's cookie. */
export async function signOutEverywhere({
  db,
  auth,
  userId,
}: {
  db: Database;
  auth: Auth;
  userId: string;
}) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
  return clearSessionCookies(auth);
}

export async function clearSessionCookies(auth: Auth): Promise<string[]> {
  const context = await auth.$context;
  const cookies = context.authCookies;
  return [cookies.sessionToken, cookies.sessionData, cookies.dontRememberToken]
    .filter(Boolean)
    .map((cookie) => {
      const secure = cookie.attributes.secure ? "; Secure" : "";
      return `${cookie.name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`;
    });
}
