import { z } from "zod";
import { cleanLine } from "~/utils/user-text";

/*
 * Shared by the browser and the server. Messages are keys in the `errors` catalog, translated
 * where they are shown.
 */
import { NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from "./accounts-limits";

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
