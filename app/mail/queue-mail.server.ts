import type { Lang } from "~/i18n/config";
import type { JobSender } from "~/jobs/app-jobs.server";
import type { MailTemplate } from "./templates.server";

/** A mail template as it travels in a job: JSON, so its dates are ISO strings. */
export type MailTemplateJson =
  | Exclude<MailTemplate, { kind: "password-changed" | "listing-expiring" }>
  | { kind: "password-changed"; name: string; when: string }
  | { kind: "listing-expiring"; name: string; url: string; title: string; expiresAt: string };

/**
 * The app's one way to send an e-mail: a `send-mail` job (app/jobs/app-jobs.server.ts), so an SMTP
 * outage delays the mail (retried with back-off, each failure logged) instead of failing the
 * request. Resolves once the job is stored. `key` makes it idempotent: a second mail of the same
 * kind and key within 12 hours is not queued (a double submit, a sweep run twice).
 */
export async function queueMail(
  jobs: JobSender,
  mail: { to: string; lang: Lang; template: MailTemplate; key?: string },
) {
  return jobs.send(
    "send-mail",
    { to: mail.to, lang: mail.lang, template: templateToJson(mail.template) },
    mail.key ? { key: `${mail.template.kind}:${mail.key}` } : {},
  );
}

export function templateToJson(template: MailTemplate): MailTemplateJson {
  switch (template.kind) {
    case "password-changed":
      return { ...template, when: template.when.toISOString() };
    case "listing-expiring":
      return { ...template, expiresAt: template.expiresAt.toISOString() };
    default:
      return template;
  }
}

export function templateFromJson(template: MailTemplateJson): MailTemplate {
  switch (template.kind) {
    case "password-changed":
      return { ...template, when: new Date(template.when) };
    case "listing-expiring":
      return { ...template, expiresAt: new Date(template.expiresAt) };
    default:
      return template;
  }
}
