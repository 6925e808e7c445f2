import { PasswordField } from "~/components/ui/field";
import type { FormFailure } from "~/utils/action-error.server";

/** A new password (at least 8 characters, with its hint) and the same again to confirm it. */
export function NewPasswordFields({
  label,
  hint,
  confirmLabel,
  errors,
}: {
  label: string;
  hint: string;
  confirmLabel: string;
  errors?: FormFailure["fieldErrors"];
}) {
  return (
    <>
      <PasswordField
        name="password"
        autoComplete="new-password"
        label={label}
        hint={hint}
        error={errors?.password}
        minLength={8}
      />
      <PasswordField
        name="confirmPassword"
        autoComplete="new-password"
        label={confirmLabel}
        error={errors?.confirmPassword}
      />
    </>
  );
}
