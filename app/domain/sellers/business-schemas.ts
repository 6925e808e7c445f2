import { z } from "zod";
import { AVATAR_MAX_BYTES } from "~/domain/accounts/accounts-limits";
import { characterCount, cleanLine, cleanMultiline } from "~/utils/user-text";

/** The business page's limits (issue 32): a sign's name, an address, a line of hours. */
export const BUSINESS_NAME_MAX = 80;
export const BUSINESS_LINE_MAX = 200;
export const BUSINESS_DESCRIPTION_MAX = 1000;
/** A logo is as small as an avatar, and re-encoded like one. */
export const BUSINESS_LOGO_MAX_BYTES = AVATAR_MAX_BYTES;

/**
 * A website as the page may link it: http or https only (never javascript: or data:), no
 * credentials, a host with a dot; "souqna.example" is read as https://souqna.example. Null when
 * it is not one.
 */
export function cleanWebsite(value: string): string | null {
  const text = value.trim();
  if (!text) return null;
  if (characterCount(text) > BUSINESS_LINE_MAX) return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (url.username || url.password || !url.hostname.includes(".")) return null;
  return url.toString();
}

function sizeOf(value: unknown) {
  return typeof value === "object" && value !== null && "size" in value ? Number(value.size) : 0;
}

const line = (max: number, code: string) =>
  z
    .string()
    .default("")
    .transform(cleanLine)
    .refine((text) => characterCount(text) <= max, code);

/**
 * The business page form. The domain (business-profile.server.ts) parses it again, and checks
 * the logo's bytes.
 */
export const businessSchema = z.object({
  name: z
    .string({ error: "BUSINESS_NAME_REQUIRED" })
    .transform(cleanLine)
    .pipe(
      z
        .string()
        .min(1, "BUSINESS_NAME_REQUIRED")
        .refine((name) => characterCount(name) <= BUSINESS_NAME_MAX, "BUSINESS_NAME_TOO_LONG"),
    ),
  address: line(BUSINESS_LINE_MAX, "BUSINESS_LINE_TOO_LONG"),
  hours: line(BUSINESS_LINE_MAX, "BUSINESS_LINE_TOO_LONG"),
  description: z
    .string()
    .default("")
    .transform(cleanMultiline)
    .refine(
      (text) => characterCount(text) <= BUSINESS_DESCRIPTION_MAX,
      "BUSINESS_DESCRIPTION_TOO_LONG",
    ),
  website: z
    .string()
    .default("")
    .refine((text) => !text.trim() || cleanWebsite(text) !== null, "BUSINESS_WEBSITE_INVALID"),
  logo: z
    .unknown()
    .optional()
    .refine((file) => sizeOf(file) <= BUSINESS_LOGO_MAX_BYTES, "IMAGE_TOO_LARGE"),
});

export type BusinessInput = z.input<typeof businessSchema>;
