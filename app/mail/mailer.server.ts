import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import SMTPTransport from "nodemailer/lib/smtp-transport";
import type { Lang } from "~/i18n/config";
import type { Env } from "~/utils/env.server";
import { type LastOutcome, lastOutcome } from "~/utils/last-outcome";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  lang: Lang;
  /** A notification's one-click unsubscribe address: List-Unsubscribe and -Post (RFC 8058). */
  unsubscribeUrl?: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  kind: "smtp" | "outbox";
  /** How the last delivery went, for /healthz: an operator sees a refusing SMTP server there. */
  health?(): MailHealth;
}

export type MailHealth = LastOutcome;

/** Mail could not leave. The message names the server or folder, never credentials. */
export class MailDeliveryError extends Error {
  override name = "MailDeliveryError";
}

/** A slow or silent SMTP server must not hold a sign-up request for minutes (nodemailer's default). */
const SMTP_TIMEOUT_MS = 10_000;

/**
 * Real SMTP when SMTP_URL is set; otherwise every message is written as an .eml file (a complete
 * MIME message) to $DATA_DIR/mail, where a developer — or a stranger trying Souqna — can read it.
 */
export function createMailer(env: Pick<Env, "SMTP_URL" | "MAIL_FROM" | "DATA_DIR">): Mailer {
  return withHealth(
    env.SMTP_URL
      ? smtpMailer(env.SMTP_URL, env.MAIL_FROM)
      : outboxMailer(path.join(env.DATA_DIR, "mail"), env.MAIL_FROM),
  );
}

/** Remembers whether the last message went out; "failing" until one does again. */
function withHealth(mailer: Mailer): Mailer {
  const outcome = lastOutcome();
  return {
    kind: mailer.kind,
    send: (mail) => outcome.track(() => mailer.send(mail)),
    health: outcome.state,
  };
}

function smtpMailer(url: string, from: string): Mailer {
  // Built as an SMTPTransport, not from the bare URL, so that `?pool=true` in SMTP_URL cannot
  // switch on a pool that would keep idle connections (and the process) alive.
  const transport = nodemailer.createTransport(
    new SMTPTransport({
      url,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
      disableFileAccess: true,
      disableUrlAccess: true,
    }),
  );
  const server = describeServer(url);
  return {
    kind: "smtp",
    async send(mail) {
      try {
        await transport.sendMail(toMessage(from, mail));
      } catch (error) {
        // Only the code and the SMTP reply number: nodemailer's own messages can quote the
        // server's reply or the connection options.
        const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
        const reason = [code, responseCode].filter((part) => part !== undefined).join(" ");
        throw new MailDeliveryError(
          `Could not deliver mail through SMTP server ${server}${reason ? ` (${reason})` : ""}`,
        );
      }
    },
  };
}

function outboxMailer(dir: string, from: string): Mailer {
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "windows",
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return {
    kind: "outbox",
    async send(mail) {
      const info = await transport.sendMail(toMessage(from, mail));
      const stamp = new Date().toISOString().replaceAll(":", "-");
      const name = `${stamp}-${crypto.randomBytes(3).toString("hex")}.eml`;
      try {
        await fs.mkdir(dir, { recursive: true });
        await fs.writeFile(path.join(dir, name), info.message, { flag: "wx" });
      } catch (error) {
        const code = (error as { code?: string }).code ?? "error";
        throw new MailDeliveryError(`Could not write mail to ${dir} (${code})`);
      }
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
    headers: {
      "Content-Language": mail.lang,
      // RFC 3834: tells mail servers not to answer with vacation or out-of-office replies.
      "Auto-Submitted": "auto-generated",
      ...(mail.unsubscribeUrl
        ? {
            "List-Unsubscribe": `<${mail.unsubscribeUrl}>`,
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
          }
        : {}),
    },
  };
}

/** "host:port" of an SMTP URL, without the user name or password it may carry. */
function describeServer(url: string) {
  try {
    const parsed = new URL(url);
    const secure = parsed.protocol === "smtps:";
    return `${parsed.hostname}:${parsed.port || (secure ? 465 : 587)}`;
  } catch {
    return "(SMTP_URL is not a valid URL)";
  }
}
