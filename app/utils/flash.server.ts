import crypto from "node:crypto";
import { createCookie, redirect } from "react-router";

/*
 * A one-time notice carried across a redirect (e.g. "Account created" after sign-up) in a short
 * cookie, signed: the next page shows it and clears the cookie. Only known keys are ever
 * displayed, and only from a cookie this server signed: a forged or unsigned one shows nothing.
 */
export const flashKeys = [
  "signed-up",
  "signed-out",
  "password-updated",
  "signed-out-everywhere",
  "account-deleted",
  "email-confirmed",
  "profile-saved",
  "phone-verified",
  "phone-signed-up",
  "email-added",
  "rating-saved",
  "rating-answered",
  "rating-reported",
  "listing-created",
  "listing-updated",
  "listing-held",
  "listing-deleted",
  "listing-renewed",
  "listing-bumped",
  "business-saved",
  "business-removed",
  "favorite-added",
  "favorite-removed",
  "report-submitted",
  "conversation-reported",
  "moderation-saved",
  "message-sent",
] as const;
export type FlashKey = (typeof flashKeys)[number];

/** The notices of one server (AppContext.flash): every route writes and reads them through it. */
export interface Flash {
  /**
   * The one way an action ends in another page with a notice: a redirect carrying the flash
   * cookie, after any cookies the action set (a new session, a cleared one).
   */
  redirect(to: string, key: FlashKey, cookies?: Iterable<string>): Promise<Response>;
  /** The cookie alone, for an answer that is not a redirect (the JSON save's reply). */
  cookie(key: FlashKey): Promise<string>;
  /**
   * The notice this request carries, if one of ours, and the Set-Cookie header that clears it.
   * `id` is new for every notice written, so the same notice twice in a row (two decisions in
   * the moderation queue) is shown twice.
   */
  read(request: Request): Promise<{ key: FlashKey; id: string; clear: string } | undefined>;
}

/**
 * Signed with a key derived from the session secret for this use only (as signed links are), so
 * dev, tests and production sign with whatever secret the sessions use (utils/session-secret).
 */
export function createFlash(sessionSecret: string): Flash {
  const secret = crypto
    .createHmac("sha256", sessionSecret)
    .update("souqna:flash:v1")
    .digest("base64url");
  const flash = createCookie("souqna_flash", {
    secrets: [secret],
    maxAge: 120,
    httpOnly: true,
    sameSite: "lax",
    path: "/",
  });
  const cookie = (key: FlashKey) => flash.serialize(`${key} ${crypto.randomUUID()}`);
  return {
    cookie,
    async redirect(to, key, cookies = []) {
      const headers = new Headers();
      for (const set of cookies) headers.append("Set-Cookie", set);
      headers.append("Set-Cookie", await cookie(key));
      return redirect(to, { headers });
    },
    async read(request) {
      const value: unknown = await flash.parse(request.headers.get("cookie"));
      if (typeof value !== "string") return undefined;
      const [name, id = ""] = value.split(" ");
      const key = flashKeys.find((k) => k === name);
      return key ? { key, id, clear: await flash.serialize("", { maxAge: 0 }) } : undefined;
    },
  };
}
