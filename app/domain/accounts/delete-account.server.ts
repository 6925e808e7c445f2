import type { Auth } from "./auth.server";
import { callAuth } from "./better-auth-errors.server";
import { clearSessionCookies } from "./sign-out.server";

/**
 * Deletes the account after checking the password. The database cascades remove the member's
 * profile, sessions, listings (with their images and details) and favourites; conversations keep
 * the other party's messages, with this member shown as deleted (sender set to null).
 */
export async function deleteAccount({
  auth,
  headers,
  password,
}: {
  auth: Auth;
  headers: Headers;
  password: string;
}) {
  await callAuth(() => auth.api.deleteUser({ body: { password }, headers }), {
    INVALID_PASSWORD: "WRONG_CURRENT_PASSWORD",
  });
  return clearSessionCookies(auth);
}
