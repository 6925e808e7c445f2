import type { FieldMetadata } from "@conform-to/react";
import { PasswordField } from "~/components/ui/field";
import { fieldProps } from "~/components/ui/form";
import { PASSWORD_MIN } from "~/domain/accounts/accounts-limits";

type Meta = FieldMetadata<unknown, Record<string, unknown>, string[]>;

/**
 * A new password (at least 8 characters, with its hint) and, when asked, the same again to
 * confirm it.
 */
export function NewPasswordFields({
  password,
  confirmPassword,
  label,
  hint,
  confirmLabel,
}: {
  password: Meta;
  confirmPassword?: Meta;
  label: string;
  hint: string;
  confirmLabel?: string;
}) {
  return (
    <>
      <PasswordField
        {...fieldProps(password)}
        autoComplete="new-password"
        label={label}
        hint={hint}
        minLength={PASSWORD_MIN}
      />
      {confirmPassword && confirmLabel ? (
        <PasswordField
          {...fieldProps(confirmPassword)}
          autoComplete="new-password"
          label={confirmLabel}
        />
      ) : null}
    </>
  );
}
