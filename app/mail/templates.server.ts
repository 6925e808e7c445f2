import type { Lang } from "~/i18n/config";
import { directionOf } from "~/i18n/config";
import { formatDate } from "~/i18n/format";
import { serverT } from "~/i18n/i18n.server";
import type { Mailer } from "./mailer.server";

export type MailTemplate =
  | { kind: "confirm-email"; name: string; url: string }
  | { kind: "reset-password"; name: string; url: string }
  | { kind: "password-changed"; name: string; when: Date };

interface Links {
  publicUrl: string;
  supportEmail: string;
}

const section = {
  "confirm-email": "confirm",
  "reset-password": "reset",
  "password-changed": "changed",
} as const;

/** Subject, plain text and HTML of a message, in the member's language. */
export function renderMail(template: MailTemplate, lang: Lang, links: Links) {
  const t = serverT(lang, "mail");
  const key = section[template.kind];
  const url =
    template.kind === "password-changed" ? `${links.publicUrl}/forgot-password` : template.url;
  if (!/^https?:\/\//.test(url)) throw new Error("mail links must be absolute");
  const when =
    template.kind === "password-changed"
      ? formatDate(lang, template.when, { dateStyle: "long", timeStyle: "short" })
      : "";
  const vars = { name: template.name, when, supportEmail: links.supportEmail };
  const lines = {
    greeting: t("greeting", vars),
    intro: t(`${key}.intro`, vars),
    button: t(`${key}.button`),
    validity: key === "changed" ? "" : t(`${key}.validity`),
    notYou: t(`${key}.notYou`, vars),
    fallback: t("linkFallback"),
    signature: t("signature"),
    footer: t("footer", vars),
  };
  const subject = t(`${key}.subject`);
  const text = [
    lines.greeting,
    "",
    lines.intro,
    "",
    `${lines.button}: ${url}`,
    lines.validity,
    "",
    lines.notYou,
    "",
    lines.signature,
    "",
    "--",
    lines.footer,
  ]
    .filter((line, i, all) => !(line === "" && all[i - 1] === ""))
    .join("\n");
  const dir = directionOf(lang);
  const align = dir === "rtl" ? "right" : "left";
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="${lang}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(subject)}</title></head>
<body style="margin:0;padding:0;background:#f1f5f9;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9;padding:24px 0;">
<tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" dir="${dir}" style="max-width:560px;width:100%;background:#ffffff;border-radius:12px;font-family:Arial,Tahoma,sans-serif;color:#0f172a;text-align:${align};">
<tr><td style="padding:24px 28px;border-bottom:1px solid #e2e8f0;font-size:20px;font-weight:bold;color:#047858;">${e(serverT(lang)("brand"))}</td></tr>
<tr><td style="padding:28px;font-size:15px;line-height:1.6;">
<p style="margin:0 0 16px;">${e(lines.greeting)}</p>
<p style="margin:0 0 24px;">${e(lines.intro)}</p>
<p style="margin:0 0 24px;"><a href="${e(url)}" style="display:inline-block;background:#04785a;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:8px;">${e(lines.button)}</a></p>
${lines.validity ? `<p style="margin:0 0 16px;color:#475569;">${e(lines.validity)}</p>` : ""}
<p style="margin:0 0 8px;color:#475569;font-size:13px;">${e(lines.fallback)}</p>
<p style="margin:0 0 24px;font-size:13px;word-break:break-all;" dir="ltr"><a href="${e(url)}" style="color:#047858;">${e(url)}</a></p>
<p style="margin:0 0 16px;">${e(lines.notYou)}</p>
<p style="margin:0;">${e(lines.signature)}</p>
</td></tr>
<tr><td style="padding:16px 28px;border-top:1px solid #e2e8f0;font-size:12px;color:#64748b;">${e(lines.footer)}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
  return { subject, text, html };
}

export async function sendTemplate(
  mailer: Mailer,
  options: { to: string; lang: Lang; template: MailTemplate } & Links,
) {
  const { subject, text, html } = renderMail(options.template, options.lang, options);
  await mailer.send({ to: options.to, subject, text, html, lang: options.lang });
}

export function escapeHtml(value: string) {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}
