import type { InputHTMLAttributes, ReactNode } from "react";
import { inputStyles } from "~/components/ui/button-styles";

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  name: string;
  label: string;
  error?: string;
  hint?: ReactNode;
}

/** A labelled input with its hint and error, wired for screen readers (aria-describedby). */
export function Field({ name, label, error, hint, id, ...input }: FieldProps) {
  const inputId = id ?? `field-${name}`;
  const describedBy = [error ? `${inputId}-error` : null, hint ? `${inputId}-hint` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-ink">
        {label}
      </label>
      <input
        id={inputId}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={inputStyles}
        {...input}
      />
      {hint && !error ? (
        <p id={`${inputId}-hint`} className="mt-1.5 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${inputId}-error`} className="mt-1.5 text-sm text-red-600" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type PresetProps = Omit<FieldProps, "type" | "dir">;

/** An e-mail address field: Latin, left to right, the right keyboard on phones. */
export function EmailField(props: PresetProps) {
  return (
    <Field type="email" dir="ltr" autoComplete="email" inputMode="email" required {...props} />
  );
}

/** A password field: left to right whatever the page direction, 128 characters at most. */
export function PasswordField(props: PresetProps) {
  return <Field type="password" dir="ltr" maxLength={128} required {...props} />;
}

export function FormAlert({
  tone = "error",
  title,
  children,
}: {
  tone?: "error" | "success" | "info";
  title?: string;
  children?: ReactNode;
}) {
  const styles = {
    error: "border-red-200 bg-red-50 text-red-800",
    success: "border-brand-200 bg-brand-50 text-brand-900",
    info: "border-sky-200 bg-sky-50 text-sky-900",
  }[tone];
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={`rounded-xl border px-4 py-3 text-sm ${styles}`}
    >
      {title ? <p className="font-semibold">{title}</p> : null}
      {children ? <div className={title ? "mt-1" : ""}>{children}</div> : null}
    </div>
  );
}
