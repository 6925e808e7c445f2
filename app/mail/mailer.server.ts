import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Lang } from "~/i18n/config";
import type { Env } from "~/utils/env.server";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  lang: Lang;
}

export interface Mailer {
  kind: "smtp" | "outbox";
  send(mail: OutgoingMail): Promise<void>;
}

export class MailDeliveryError extends Error {
  override name = "MailDeliveryError";
}

/**
 * Real SMTP when SMTP_URL is set; otherwise every message is written as an .eml file (a complete
 * MIME message) to $DATA_DIR/mail, where a developer — or a stranger trying Souqna — can read it.
 */
export function createMailer(env: Pick<Env, "SMTP_URL" | "MAIL_FROM" | "DATA_DIR">): Mailer {
  const from = env.MAIL_FROM;
  if (env.SMTP_URL) {
    const url = env.SMTP_URL;
    const transport = nodemailer.createTransport(url, {});
    const timeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };
    Object.assign(transport.options, timeouts);
    const host = safeHost(url);
    return {
      kind: "smtp",
      async send(mail) {
        try {
          await transport.sendMail(toMessage(from, mail));
        } catch (error) {
          const reason = (error as { code?: string }).code ?? "error";
          throw new MailDeliveryError(`Could not deliver mail through ${host} (${reason})`);
        }
      },
    };
  }
  const dir = path.join(env.DATA_DIR, "mail");
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "unix",
  });
  return {
    kind: "outbox",
    async send(mail) {
      const info = await transport.sendMail(toMessage(from, mail));
      fs.mkdirSync(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${crypto.randomBytes(3).toString("hex")}.eml`;
      fs.writeFileSync(path.join(dir, name), info.message as Buffer);
    },
  };
}

function toMessage(from: string, mail: OutgoingMail) {
  return {
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: { "Content-Language": mail.lang },
  };
}

function safeHost(url: string) {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || (u.protocol === "smtps:" ? 465 : 587)}`;
  } catch {
    return "the configured SMTP server";
  }
}
