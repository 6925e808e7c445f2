import { directionOf, type Lang } from "~/i18n/config";
import { formatDate, formatNumber, formatPrice } from "~/i18n/format";
import { serverT } from "~/i18n/i18n.server";
import type { TFunction } from "~/i18n/keys";
import { escapeHtml } from "~/utils/escape-html";
import type { Mailer } from "./mailer.server";

export type MailTemplate =
  | { kind: "confirm-email"; name: string; url: string }
  | { kind: "reset-password"; name: string; url: string }
  | { kind: "password-changed"; name: string; when: Date }
  | { kind: "sign-up-attempt"; name: string; url: string }
  /** Another account proved by SMS that it holds the number this one had verified. */
  | { kind: "phone-taken"; name: string; url: string; phone: string }
  | { kind: "listing-expiring"; name: string; url: string; title: string; expiresAt: Date }
  /** A moderator decided about a listing the screening held: null `rejection` is an approval. */
  | { kind: "listing-reviewed"; name: string; url: string; title: string; rejection: string | null }
  | {
      kind: "unread-messages";
      name: string;
      /** The thread for one conversation, the inbox for several. */
      url: string;
      conversations: { sender: string; title: string }[];
      unsubscribeUrl: string;
    }
  | {
      kind: "favorite-changed";
      name: string;
      /** The listing's page. */
      url: string;
      title: string;
      change:
        | { kind: "sold" }
        | { kind: "available" }
        | { kind: "price-drop"; oldPrice: number; newPrice: number };
      unsubscribeUrl: string;
    }
  | {
      kind: "saved-search-alert";
      name: string;
      /** The saved search's name, in the member's language. */
      search: string;
      /** New matches in all (up to 1,001); `listings` are the newest few. */
      total: number;
      listings: { title: string; price: string; url: string }[];
      /** The search's results page. */
      url: string;
      unsubscribeUrl: string;
    };

interface Links {
  publicUrl: string;
  supportEmail: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** A notification's one-click unsubscribe address (List-Unsubscribe, RFC 8058). */
  unsubscribeUrl?: string;
}

/** The catalog section of each template in the `mail` namespace. */
const sections = {
  "confirm-email": "confirm",
  "reset-password": "reset",
  "password-changed": "changed",
  "sign-up-attempt": "signUpAttempt",
  "phone-taken": "phoneTaken",
  "listing-expiring": "expiring",
  "listing-reviewed": "listingApproved",
  "unread-messages": "unread",
  "favorite-changed": "priceDrop",
  "saved-search-alert": "savedSearchAlert",
} as const;

/** A digest of several conversations has its own texts. */
function sectionOf(template: MailTemplate) {
  if (template.kind === "unread-messages" && template.conversations.length > 1) {
    return "unreadDigest" as const;
  }
  if (template.kind === "favorite-changed" && template.change.kind === "sold") {
    return "favoriteSold" as const;
  }
  if (template.kind === "favorite-changed" && template.change.kind === "available") {
    return "favoriteAvailable" as const;
  }
  if (template.kind === "listing-reviewed" && template.rejection !== null) {
    return "listingRejected" as const;
  }
  return sections[template.kind];
}

/** Isolated, so an Arabic name in an English sentence (or the reverse) keeps its punctuation. */
const isolate = (text: string) => `\u2068${text}\u2069`;

/**
 * What a member wrote (a name, a title, a search's name), as words no mail client makes a link
 * of: a zero-width space after each dot, colon, slash and @ breaks "evil.example/login",
 * "http://…" and "x@y.example" for the linkers of Gmail, Outlook and Apple Mail, and shows
 * nothing. The catalog puts it in quotation marks, and the mail says who wrote those.
 */
export function unlinked(text: string) {
  return text.replace(/([.:/\\@\u3002\uFF0E\uFF61\uFF1A\uFF0F\uFF20])(?=\S)/g, "$1\u200B");
}

/** Member text in a sentence: unlinked, then isolated. */
const quoted = (text: string) => isolate(unlinked(text));

/** Templates that quote what a member wrote, and so end with who wrote it. */
const QUOTES_MEMBERS: ReadonlySet<MailTemplate["kind"]> = new Set([
  "listing-expiring",
  "listing-reviewed",
  "unread-messages",
  "favorite-changed",
  "saved-search-alert",
]);

/**
 * The brand green of the site's buttons (app.css). Not the original #05966b: white on it is
 * 3.6:1, under WCAG AA; this shade is 5.5:1.
 */
const BRAND = "#04785a";

/** Subject, plain text and HTML of a message, in the member's language. */
export function renderMail(template: MailTemplate, lang: Lang, links: Links): RenderedMail {
  const t = serverT(lang, "mail");
  const section = sectionOf(template);
  const url =
    template.kind === "password-changed"
      ? `${links.publicUrl.replace(/\/+$/, "")}/forgot-password`
      : template.url;
  // A relative link in an e-mail leads nowhere; the caller must build it from PUBLIC_URL.
  if (!/^https?:\/\/[^/\s]/i.test(url))
    throw new Error("Mail links must be absolute (built from PUBLIC_URL)");

  const vars = {
    // First-strong isolates: an Arabic name in an English sentence (or the reverse) must not
    // drag the punctuation around it to the wrong side.
    name: quoted(template.name),
    supportEmail: links.supportEmail,
    when:
      template.kind === "password-changed"
        ? formatDate(lang, template.when, {
            year: "numeric",
            month: "long",
            day: "numeric",
            hour: "numeric",
            minute: "2-digit",
            timeZoneName: "short",
          })
        : "",
    title:
      template.kind === "listing-expiring" || template.kind === "listing-reviewed"
        ? quoted(template.title)
        : template.kind === "unread-messages"
          ? quoted(template.conversations[0]?.title ?? "")
          : template.kind === "favorite-changed"
            ? quoted(template.title)
            : "",
    oldPrice:
      template.kind === "favorite-changed" && template.change.kind === "price-drop"
        ? isolate(formatPrice(lang, template.change.oldPrice))
        : "",
    newPrice:
      template.kind === "favorite-changed" && template.change.kind === "price-drop"
        ? isolate(formatPrice(lang, template.change.newPrice))
        : "",
    sender:
      template.kind === "unread-messages" ? quoted(template.conversations[0]?.sender ?? "") : "",
    search: template.kind === "saved-search-alert" ? quoted(template.search) : "",
    reason:
      template.kind === "listing-reviewed" && template.rejection !== null
        ? quoted(template.rejection)
        : "",
    // Left to right inside any sentence: "+963 …" keeps its plus in front.
    phone: template.kind === "phone-taken" ? `\u2066${template.phone}\u2069` : "",
    formatted:
      template.kind === "saved-search-alert"
        ? formatNumber(lang, template.total)
        : template.kind === "unread-messages"
          ? formatNumber(lang, template.conversations.length)
          : "",
    date:
      template.kind === "listing-expiring"
        ? formatDate(lang, template.expiresAt, { year: "numeric", month: "long", day: "numeric" })
        : "",
  };
  const subject =
    template.kind === "saved-search-alert"
      ? t("savedSearchAlert.subject", { ...vars, count: template.total })
      : section === "unreadDigest" && template.kind === "unread-messages"
        ? t("unreadDigest.subject", { ...vars, count: template.conversations.length })
        : t(`${section}.subject`, vars);
  const lines = {
    // An empty name: the address is not confirmed, and whoever typed it chose the name.
    greeting: template.name.trim() ? t("greeting", vars) : t("greetingNoName"),
    intro: t(`${section}.intro`, vars),
    button: t(`${section}.button`),
    validity:
      section === "changed" ||
      section === "signUpAttempt" ||
      section === "phoneTaken" ||
      section === "unread" ||
      section === "unreadDigest" ||
      section === "priceDrop" ||
      section === "favoriteSold" ||
      section === "favoriteAvailable" ||
      section === "savedSearchAlert" ||
      section === "listingApproved" ||
      section === "listingRejected"
        ? ""
        : t(`${section}.validity`),
    notYou: t(`${section}.notYou`, vars),
    fallback: t("linkFallback"),
    signature: t("signature"),
    footer: t("footer", vars),
    items:
      section === "unreadDigest" && template.kind === "unread-messages"
        ? template.conversations.map((c) =>
            t("unreadDigest.item", { sender: quoted(c.sender), title: quoted(c.title) }),
          )
        : template.kind === "saved-search-alert"
          ? savedSearchItems(template, lang, t)
          : [],
    unsubscribe: "unsubscribeUrl" in template ? t("unsubscribe") : "",
    memberText: QUOTES_MEMBERS.has(template.kind) ? t("memberText") : "",
  };
  const unsubscribeUrl = "unsubscribeUrl" in template ? template.unsubscribeUrl : undefined;
  return {
    subject,
    text: plainText(lines, url, unsubscribeUrl),
    html: htmlBody(lines, { url, subject, lang, brand: serverT(lang)("brand"), unsubscribeUrl }),
    unsubscribeUrl,
  };
}

/** An alert's newest listings, one line each, and how many more the results page has. */
function savedSearchItems(
  template: Extract<MailTemplate, { kind: "saved-search-alert" }>,
  lang: Lang,
  t: TFunction<"mail">,
) {
  const more = template.total - template.listings.length;
  return [
    ...template.listings.map((listing) =>
      t("savedSearchAlert.item", {
        title: quoted(listing.title),
        price: isolate(listing.price),
        url: listing.url,
      }),
    ),
    ...(more > 0
      ? [t("savedSearchAlert.more", { count: more, formatted: formatNumber(lang, more) })]
      : []),
  ];
}

type Lines = Record<
  | "greeting"
  | "intro"
  | "button"
  | "validity"
  | "notYou"
  | "fallback"
  | "signature"
  | "footer"
  | "unsubscribe"
  | "memberText",
  string
> & { items: string[] };

/** Readable on its own: the link sits alone on its line so every mail client makes it clickable. */
function plainText(lines: Lines, url: string, unsubscribeUrl?: string) {
  const blocks = [
    lines.greeting,
    lines.intro,
    lines.items.map((item) => `- ${item}`).join("\n"),
    `${lines.button}:\n${url}`,
    lines.validity,
    lines.notYou,
    lines.memberText,
    lines.signature,
    `-- \n${lines.footer}`,
    unsubscribeUrl ? `${lines.unsubscribe}\n${unsubscribeUrl}` : "",
  ];
  return `${blocks.filter(Boolean).join("\n\n")}\n`;
}

/**
 * Tables and inline styles only: Gmail drops <style> in some views and Outlook renders with
 * Word, which ignores padding on links (hence the button is a table cell) and most CSS layout.
 * No images or web fonts, so nothing is blocked and nothing tracks the reader.
 */
function htmlBody(
  lines: Lines,
  {
    url,
    subject,
    lang,
    brand,
    unsubscribeUrl,
  }: { url: string; subject: string; lang: Lang; brand: string; unsubscribeUrl?: string },
) {
  const e = escapeHtml;
  const dir = directionOf(lang);
  const align = dir === "rtl" ? "right" : "left";
  const font = "Tahoma,Arial,'Segoe UI',sans-serif";
  const p = (text: string, style = "") => `<p style="margin:0 0 16px;${style}">${e(text)}</p>`;
  return `<!doctype html>
<html lang="${lang}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="color-scheme" content="light">
<title>${e(subject)}</title>
</head>
<body dir="${dir}" style="margin:0;padding:0;background:#f1f5f9;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f1f5f9;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" border="0" dir="${dir}" style="width:100%;max-width:560px;background:#ffffff;border:1px solid #e2e8f0;border-radius:12px;">
<tr><td align="${align}" dir="${dir}" style="padding:20px 28px;border-bottom:1px solid #e2e8f0;font-family:${font};font-size:20px;font-weight:bold;color:${BRAND};text-align:${align};">${e(brand)}</td></tr>
<tr><td align="${align}" dir="${dir}" style="padding:28px;font-family:${font};font-size:15px;line-height:1.6;color:#0f172a;text-align:${align};">
${p(lines.greeting)}
${p(lines.intro, "margin-bottom:24px;")}
${lines.items.length > 0 ? `<ul style="margin:0 0 24px;padding-${align === "right" ? "right" : "left"}:20px;">${lines.items.map((item) => `<li style="margin:0 0 6px;">${e(item)}</li>`).join("")}</ul>` : ""}
<table role="presentation" cellpadding="0" cellspacing="0" border="0" align="${align}" style="margin:0 0 24px;">
<tr><td bgcolor="${BRAND}" style="border-radius:8px;background:${BRAND};">
<a href="${e(url)}" target="_blank" style="display:inline-block;padding:12px 22px;font-family:${font};font-size:15px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:8px;">${e(lines.button)}</a>
</td></tr>
</table>
<div style="clear:both;"></div>
${lines.validity ? p(lines.validity, "color:#475569;") : ""}
${p(lines.fallback, "margin-bottom:4px;color:#475569;font-size:13px;")}
<p dir="ltr" style="margin:0 0 24px;font-size:13px;text-align:${align};word-break:break-all;"><a href="${e(url)}" target="_blank" style="color:${BRAND};">${e(url)}</a></p>
${p(lines.notYou)}
${lines.memberText ? p(lines.memberText, "color:#475569;font-size:13px;") : ""}
<p style="margin:0;">${e(lines.signature)}</p>
</td></tr>
<tr><td align="${align}" dir="${dir}" style="padding:16px 28px;border-top:1px solid #e2e8f0;font-family:${font};font-size:12px;line-height:1.5;color:#64748b;text-align:${align};">${e(lines.footer)}${unsubscribeUrl ? `<br><a href="${e(unsubscribeUrl)}" target="_blank" style="color:#64748b;">${e(lines.unsubscribe)}</a>` : ""}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

export async function sendTemplate(
  mailer: Mailer,
  options: { to: string; lang: Lang; template: MailTemplate } & Links,
) {
  const { subject, text, html, unsubscribeUrl } = renderMail(
    options.template,
    options.lang,
    options,
  );
  await mailer.send({ to: options.to, subject, text, html, lang: options.lang, unsubscribeUrl });
}
