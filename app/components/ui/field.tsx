import type { InputHTMLAttributes, ReactNode } from "react";
import { inputStyles } from "~/components/ui/button-styles";

/** What a control needs from its Control: its id and name, and the screen readers' wiring. */
export interface ControlProps {
  id: string;
  name: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
  "aria-required"?: boolean;
}

interface ControlOptions {
  name: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  id?: string;
  /**
   * An asterisk after the label and `aria-required`, without the browser's own check: the ad
   * form's required fields, whose messages come from the action even without JavaScript.
   */
  markRequired?: boolean;
  children: (props: ControlProps) => ReactNode;
}

/**
 * A label, any control (drawn by `children` with the props it is given), its hint and its error,
 * wired for screen readers (aria-describedby).
 */
export function Control({ name, label, error, hint, id, markRequired, children }: ControlOptions) {
  const controlId = id ?? `field-${name}`;
  const describedBy = `${error ? `${controlId}-error ` : ""}${hint ? `${controlId}-hint` : ""}`;
  return (
    <div>
      <label htmlFor={controlId} className="mb-1.5 block text-sm font-medium text-ink">
        {label}
        {markRequired ? (
          <span className="ms-0.5 text-red-600" aria-hidden>
            *
          </span>
        ) : null}
      </label>
      {children({
        id: controlId,
        name,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy.trim() || undefined,
        "aria-required": markRequired || undefined,
      })}
      {hint ? (
        <p id={`${controlId}-hint`} className="mt-1.5 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${controlId}-error`} className="mt-1.5 text-sm text-red-600" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  name: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  markRequired?: boolean;
  /** Also show the hint under an error (by default the error takes its place). */
  keepHint?: boolean;
}

/** A labelled input with its hint and error (a Control with an input). */
export function Field({
  name,
  label,
  error,
  hint,
  id,
  markRequired,
  keepHint,
  ...input
}: FieldProps) {
  return (
    <Control
      name={name}
      label={label}
      error={error}
      hint={error && !keepHint ? undefined : hint}
      id={id}
      markRequired={markRequired}
    >
      {(props) => <input {...props} className={inputStyles} {...input} />}
    </Control>
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

/** A phone number: digits and +, left to right in both languages, the phone keyboard. */
export function PhoneField(props: PresetProps) {
  return (
    <Field
      type="tel"
      dir="ltr"
      inputMode="tel"
      autoComplete="tel"
      maxLength={40}
      required
      {...props}
    />
  );
}

/** A code texted to a phone: short, centred, spaced, filled in by the phone's own suggestion. */
export function CodeField(props: Omit<PresetProps, "className">) {
  return (
    <Field
      type="text"
      dir="ltr"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={20}
      required
      className={`${inputStyles} max-w-48 text-center text-lg tracking-[0.3em]`}
      {...props}
    />
  );
}

/** A button that looks like a link: the small second actions under a form (send again…). */
export function TextButton({ children, disabled }: { children: ReactNode; disabled?: boolean }) {
  return (
    <button
      type="submit"
      className="font-medium text-brand-700 hover:underline disabled:opacity-60"
      disabled={disabled}
    >
      {children}
    </button>
  );
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
