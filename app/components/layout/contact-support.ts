export interface ContactForm {
  email: string;
  subject: string;
  message: string;
}

export type ContactValidation =
  | { ok: true; value: ContactForm }
  | { ok: false; error: "required" | "email" };

// Deliberately loose: the mail client is the real judge; this only catches obvious slips.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Every field must be non-blank after trimming (spec); the e-mail must look like one. */
export function validateContactForm(input: ContactForm): ContactValidation {
  const value = {
    email: input.email.trim(),
    subject: input.subject.trim(),
    message: input.message.trim(),
  };
  if (!value.email || !value.subject || !value.message) return { ok: false, error: "required" };
  if (!EMAIL.test(value.email)) return { ok: false, error: "email" };
  return { ok: true, value };
}

export function buildSupportMailto(supportEmail: string, form: ContactForm, footer: string) {
  const body = `${form.message}\n\n— ${form.email}\n${footer}`;
  const params = `subject=${encodeURIComponent(form.subject)}&body=${encodeURIComponent(body)}`;
  return `mailto:${encodeURIComponent(supportEmail).replace("%40", "@")}?${params}`;
}
