import crypto from "node:crypto";

/**
 * Signs the short values of links that work without signing in (a listing's renewal from its
 * reminder e-mail). The key is derived from the session secret for this use only, so a link's
 * signature says nothing about the cookies' key, and each link names its purpose: a signature made
 * for one purpose is refused for any other.
 */
export interface LinkSigner {
  sign(purpose: string, payload: string): string;
  verify(purpose: string, payload: string, signature: unknown): boolean;
}

/** 24 bytes of HMAC-SHA256: far beyond guessing, short enough for a link in a text e-mail. */
const SIGNATURE_BYTES = 24;

export function createLinkSigner(secret: string): LinkSigner {
  const key = crypto.createHmac("sha256", secret).update("souqna:signed-links:v1").digest();
  const digest = (purpose: string, payload: string) =>
    crypto
      .createHmac("sha256", key)
      .update(`${purpose}\n${payload}`)
      .digest()
      .subarray(0, SIGNATURE_BYTES);
  return {
    sign: (purpose, payload) => digest(purpose, payload).toString("base64url"),
    verify(purpose, payload, signature) {
      if (typeof signature !== "string" || !/^[\w-]{32}$/.test(signature)) return false;
      const presented = Buffer.from(signature, "base64url");
      return (
        presented.length === SIGNATURE_BYTES &&
        crypto.timingSafeEqual(presented, digest(purpose, payload))
      );
    },
  };
}
