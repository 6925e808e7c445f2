import { z } from "zod";
import { supportedLanguages } from "~/i18n/config";
import { cleanLine } from "~/utils/user-text";

/*
 * Shared by the browser and the server. Messages are keys in the `errors` catalog, translated
 * where they are shown.
 */
import {
  AVATAR_MAX_BYTES,
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_PATTERN,
} from "./accounts-limits";
import { compactPhone, normalizeDigits } from "./phone-shape";

export { NAME_MAX, PASSWORD_MAX, PASSWORD_MIN };

const email = z
  .string({ error: "required" })
  .trim()
  .min(1, "required")
  .max(254, "invalidEmail")
  .email("invalidEmail")
  .transform((value) => value.toLowerCase());

const password = z
  .string({ error: "required" })
  .min(1, "required")
  .min(PASSWORD_MIN, "passwordTooShort")
  .max(PASSWORD_MAX, "passwordTooLong");

/** Both empty is one message over the form ("either an email … and a password"), not two. */
export const signInSchema = z
  .object({ email: z.string().default(""), password: z.string().default("") })
  .superRefine((value, ctx) => {
    if (!value.email.trim() && !value.password) {
      ctx.addIssue({ code: "custom", message: "missingCredentials", path: [] });
    }
  })
  .pipe(
    z.object({
      email,
      password: z
        .string({ error: "required" })
        .min(1, "required")
        .max(PASSWORD_MAX, "passwordTooLong"),
    }),
  );

export const signUpSchema = z.object({
  // Cleaned before it is measured: a name of only control characters is an empty name.
  fullName: z
    .string({ error: "required" })
    .transform(cleanLine)
    .pipe(z.string().min(1, "required").max(NAME_MAX, "nameTooLong")),
  email,
  password,
});

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z
  .object({
    token: z.string().trim().min(1, "invalidResetLink").max(512, "invalidResetLink"),
    password,
    confirmPassword: z.string({ error: "required" }).min(1, "required"),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "passwordsDoNotMatch",
    path: ["confirmPassword"],
  });

export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: "required" })
      .min(1, "required")
      .max(PASSWORD_MAX, "passwordTooLong"),
    password,
    confirmPassword: z.string({ error: "required" }).min(1, "required"),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "passwordsDoNotMatch",
    path: ["confirmPassword"],
  });

export const resendConfirmationSchema = z.object({ email });

/** A form that is only a button (send the confirmation again, sign out everywhere). */
export const noFieldsSchema = z.object({});

/** The language of the site and of the mail (settings). */
export const languageSchema = z.object({
  language: z.enum(supportedLanguages, { error: "languageInvalid" }),
});

/** Deleting the account: the password, and the box ticked. */
export const deleteAccountSchema = z.object({
  password: z.string({ error: "required" }).min(1, "required").max(PASSWORD_MAX, "passwordTooLong"),
  confirm: z.literal("yes", { error: "deleteNotConfirmed" }),
});

/**
 * Deleting an account made with a phone number alone (decision 037): it has no password to type,
 * so a recent sign-in with the number's code stands for it (delete-account.server.ts).
 */
export const deleteAccountWithoutPasswordSchema = z.object({
  confirm: z.literal("yes", { error: "deleteNotConfirmed" }),
});

/** "@Rania_H " is the username rania_h. */
export function cleanUsername(value: string) {
  return value.trim().replace(/^@/, "").toLowerCase();
}

/** Anything with a size: the avatar's File (an upload may also arrive as a string, or not at all). */
function sizeOf(value: unknown) {
  return typeof value === "object" && value !== null && "size" in value ? Number(value.size) : 0;
}

/**
 * The profile form. The domain (update-profile.server.ts) checks the same again and what only it
 * can: a username already taken, a city in the list, the picture's bytes.
 */
export const profileSchema = z.object({
  fullName: z
    .string({ error: "NAME_REQUIRED" })
    .transform(cleanLine)
    .pipe(
      z
        .string()
        .min(1, "NAME_REQUIRED")
        // Letters, not UTF-16 units, as the domain counts them.
        .refine((name) => [...name].length <= NAME_MAX, "NAME_TOO_LONG"),
    ),
  username: z
    .string()
    .default("")
    .transform(cleanUsername)
    .refine((name) => !name || USERNAME_PATTERN.test(name), "USERNAME_INVALID"),
  location: z
    .string()
    .default("")
    .transform((value) => value.trim()),
  phoneNumber: z
    .string()
    .default("")
    // Its shape here; whether the number exists is the domain's check (phone.ts, too large a
    // table for the browser).
    .refine((phone) => !phone.trim() || Boolean(compactPhone(phone)), "PHONE_INVALID"),
  avatar: z
    .unknown()
    .optional()
    .refine((file) => sizeOf(file) <= AVATAR_MAX_BYTES, "IMAGE_TOO_LARGE"),
});

const phoneNumber = z
  .string({ error: "PHONE_REQUIRED" })
  .trim()
  .min(1, "PHONE_REQUIRED")
  .refine((phone) => Boolean(compactPhone(phone)), "PHONE_INVALID");

/** Settings, step one: the number to text a code to (decision 036). */
export const phoneCodeRequestSchema = z.object({ phone: phoneNumber });

/** Signing in by phone, step one: the number (decision 037). */
export const phoneSignInRequestSchema = z.object({ phone: phoneNumber });

/** Signing up by phone, step one: a name and the number, nothing else (decision 037). */
export const phoneSignUpRequestSchema = z.object({
  fullName: signUpSchema.shape.fullName,
  phone: phoneNumber,
});

/** Signing up by phone once the number is proven: the name of the new account. */
export const phoneSignUpNameSchema = z.object({ fullName: signUpSchema.shape.fullName });

/** Adding an e-mail to an account made with a phone alone (Settings). */
export const addEmailSchema = z.object({ email });

/** Settings, step two: the six digits from the SMS, Arabic-Indic digits and spaces allowed. */
export const phoneCodeConfirmSchema = z.object({
  phone: z.string().default(""),
  code: z
    .string({ error: "PHONE_CODE_REQUIRED" })
    .transform((code) => normalizeDigits(code).replace(/[\s\u200e\u200f\u061c-]/g, ""))
    .refine((code) => code.length > 0, "PHONE_CODE_REQUIRED")
    .refine((code) => /^\d{6}$/.test(code), "PHONE_CODE_SHAPE"),
});

/** The code typed back on the sign-in page (the number is the pending code's, never a field). */
export const phoneSignInCodeSchema = phoneCodeConfirmSchema.pick({ code: true });
