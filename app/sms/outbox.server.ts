import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Lang } from "~/i18n/config";
import { devOutboxOpen } from "~/utils/dev-outbox.server";
import type { Env } from "~/utils/env.server";
import { SmsDeliveryError, type SmsSender } from "./sms-sender";

/** One text message as the outbox keeps it: a JSON file in $DATA_DIR/sms. */
export interface SmsOutboxEntry {
  /** The file name without `.json`, also the message's gateway id. */
  id: string;
  to: string;
  text: string;
  lang: Lang;
  purpose: string;
  /** ISO 8601, when it was written. */
  at: string;
}

const FILE = /^[\w.-]+\.json$/;

/**
 * Without SMS_URL every message is written to `dir` as `<ISO time>-<random>.json`, where a
 * developer — or a stranger trying Souqna — reads the code they were sent (/dev/mail lists them).
 */
export function outboxSender(dir: string): SmsSender {
  return {
    kind: "outbox",
    async send(sms) {
      const at = new Date().toISOString();
      const id = `${at.replaceAll(":", "-")}-${crypto.randomBytes(3).toString("hex")}`;
      const entry: SmsOutboxEntry = {
        id,
        to: sms.to,
        text: sms.text,
        lang: sms.lang,
        purpose: sms.purpose,
        at,
      };
      try {
        await fs.promises.mkdir(dir, { recursive: true });
        await fs.promises.writeFile(
          path.join(dir, `${id}.json`),
          `${JSON.stringify(entry, null, 2)}\n`,
          { flag: "wx" },
        );
      } catch (error) {
        const code = (error as { code?: string }).code ?? "error";
        throw new SmsDeliveryError(`Could not write the text message to ${dir} (${code})`);
      }
      return { gatewayId: id };
    },
    async close() {},
  };
}

/** The SMS outbox is readable while SMS_URL is unset, under the mail outbox's rules. */
export function smsOutboxEnabled(
  env: Pick<Env, "SMS_URL" | "NODE_ENV" | "DEV_MAIL">,
  clientIp: string,
  requestHeaders?: Headers,
) {
  return devOutboxOpen(Boolean(env.SMS_URL), env, clientIp, requestHeaders);
}

/** Newest first (file names start with an ISO time); a file that is not one of ours is skipped. */
export function listSmsOutbox(dataDir: string, limit = 100): SmsOutboxEntry[] {
  const dir = path.resolve(dataDir, "sms");
  let names: string[];
  try {
    names = fs.readdirSync(dir).filter((name) => FILE.test(name));
  } catch {
    return [];
  }
  names.sort().reverse();
  const entries: SmsOutboxEntry[] = [];
  for (const name of names) {
    if (entries.length >= limit) break;
    try {
      const entry = JSON.parse(fs.readFileSync(path.join(dir, name), "utf8")) as SmsOutboxEntry;
      if (typeof entry.to !== "string" || typeof entry.text !== "string") continue;
      entries.push({ ...entry, id: name.slice(0, -".json".length) });
    } catch {
      // Deleted while we listed it, or not JSON: skip.
    }
  }
  return entries;
}
