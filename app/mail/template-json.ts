import type { MailTemplate } from "./templates.server";

/** A mail template as it travels in a job: JSON, so its dates are ISO strings. */
export type MailTemplateJson =
  | Exclude<MailTemplate, { kind: "password-changed" | "listing-expiring" }>
  | { kind: "password-changed"; name: string; when: string }
  | { kind: "listing-expiring"; name: string; url: string; title: string; expiresAt: string };

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
