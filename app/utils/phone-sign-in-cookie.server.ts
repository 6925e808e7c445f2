import type { LinkSigner } from "./signed-link.server";

/*
 * Between the steps of signing in by phone (decision 037) the browser keeps which code it is
 * waiting on — and, from the sign-up form, the name to give the new account — in a short-lived,
 * signed, HttpOnly cookie. Never in the address: no number or name in a URL, a log or a Referer.
 * The code's id is random and the cookie is signed, so it cannot be forged or pointed at another
 * visitor's code; it is useless without the code itself, and after the account is made.
 */
export const PHONE_SIGN_IN_COOKIE = "souqna_phone_sign_in";

/** The code lives 10 minutes, a proven number waits 15 for its name: half an hour covers both. */
const MAX_AGE_SECONDS = 30 * 60;
const PURPOSE = "phone-sign-in";

export interface PendingPhoneSignIn {
  codeId: string;
  /** The name typed on the sign-up form, for the account a new number makes. */
  name?: string;
}

export function pendingPhoneSignInCookie(
  links: LinkSigner,
  pending: PendingPhoneSignIn | null,
  secure: boolean,
) {
  const flags = `Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
  if (!pending) return `${PHONE_SIGN_IN_COOKIE}=; Max-Age=0; ${flags}`;
  const payload = Buffer.from(
    JSON.stringify(pending.name ? { c: pending.codeId, n: pending.name } : { c: pending.codeId }),
  ).toString("base64url");
  const value = `${payload}.${links.sign(PURPOSE, payload)}`;
  return `${PHONE_SIGN_IN_COOKIE}=${value}; Max-Age=${MAX_AGE_SECONDS}; ${flags}`;
}

export function readPendingPhoneSignIn(
  links: LinkSigner,
  cookieHeader: string | null,
): PendingPhoneSignIn | null {
  const match = (cookieHeader ?? "").match(
    new RegExp(`(?:^|;\\s*)${PHONE_SIGN_IN_COOKIE}=([\\w-]{1,2000})\\.([\\w-]{32})(?:;|$)`),
  );
  if (!match?.[1] || !links.verify(PURPOSE, match[1], match[2])) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(match[1], "base64url").toString("utf8"));
    if (typeof value !== "object" || value === null) return null;
    const { c, n } = value as { c?: unknown; n?: unknown };
    if (typeof c !== "string" || !/^[0-9a-f-]{36}$/.test(c)) return null;
    return typeof n === "string" && n ? { codeId: c, name: n } : { codeId: c };
  } catch {
    return null;
  }
}
