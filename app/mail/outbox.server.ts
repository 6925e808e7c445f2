import fs from "node:fs";
import path from "node:path";
import type { Env } from "~/utils/env.server";

export interface OutboxEntry {
  id: string;
  to: string;
  subject: string;
  date: string;
  size: number;
}

export interface OutboxMessage extends Omit<OutboxEntry, "size"> {
  text: string;
  html: string;
}

const ID = /^[\w.-]{1,120}$/;

/**
 * The outbox is for reading one's own test mail: only when no SMTP server is configured, and in
 * production only from this machine (it holds reset links).
 */
export function outboxEnabled(env: Pick<Env, "SMTP_URL" | "NODE_ENV">, clientIp: string) {
  if (env.SMTP_URL) return false;
  if (env.NODE_ENV !== "production") return true;
  return /^(127\.|::1$|::ffff:127\.)/.test(clientIp);
}

export function listOutbox(dataDir: string, limit = 100): OutboxEntry[] {
  const dir = path.join(dataDir, "mail");
  let names: string[];
  try {
    names = fs.readdirSync(dir).filter((n) => n.endsWith(".eml"));
  } catch {
    return [];
  }
  return names
    .sort()
    .reverse()
    .slice(0, limit)
    .map((name) => {
      const raw = fs.readFileSync(path.join(dir, name), "utf8");
      const { headers } = splitMessage(raw);
      return {
        id: name.slice(0, -4),
        to: decodeWords(headers.to ?? ""),
        subject: decodeWords(headers.subject ?? ""),
        date: headers.date ?? "",
        size: raw.length,
      };
    });
}

export function readOutboxMessage(dataDir: string, id: string): OutboxMessage | undefined {
  if (!ID.test(id) || id.includes("..")) return undefined;
  const dir = path.resolve(dataDir, "mail");
  const file = path.resolve(dir, `${id}.eml`);
  if (path.dirname(file) !== dir) return undefined;
  let raw: string;
  try {
    raw = fs.readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
  const { headers, body } = splitMessage(raw);
  const parts = mimeParts(headers, body);
  return {
    id,
    to: decodeWords(headers.to ?? ""),
    subject: decodeWords(headers.subject ?? ""),
    date: headers.date ?? "",
    text: parts.find((p) => p.type === "text/plain")?.content ?? "",
    html: parts.find((p) => p.type === "text/html")?.content ?? "",
  };
}

function splitMessage(raw: string) {
  const normalised = raw.replace(/\r\n/g, "\n");
  const end = normalised.indexOf("\n\n");
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? "" : normalised.slice(end + 2);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] ??= line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function mimeParts(
  headers: Record<string, string>,
  body: string,
): { type: string; content: string }[] {
  const type = (headers["content-type"] ?? "text/plain").toLowerCase();
  const boundary = /boundary="?([^";]+)"?/i.exec(headers["content-type"] ?? "")?.[1];
  if (type.startsWith("multipart/") && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((chunk) => !chunk.startsWith("--"))
      .flatMap((chunk) => {
        const part = splitMessage(chunk.replace(/^\n/, ""));
        return mimeParts(part.headers, part.body);
      });
  }
  return [
    {
      type: type.split(";")[0]!.trim(),
      content: decodeBody(body, headers["content-transfer-encoding"]),
    },
  ];
}

function decodeBody(body: string, encoding = "7bit") {
  const enc = encoding.toLowerCase();
  if (enc === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (enc === "quoted-printable") return decodeQuotedPrintable(body);
  return body;
}

function decodeQuotedPrintable(input: string) {
  const bytes: number[] = [];
  const soft = input.replace(/=\n/g, "");
  for (let i = 0; i < soft.length; i++) {
    const ch = soft[i]!;
    if (ch === "=" && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      for (const b of Buffer.from(ch, "utf8")) bytes.push(b);
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** RFC 2047 encoded words (=?UTF-8?B?…?= and =?UTF-8?Q?…?=), as nodemailer writes non-ASCII headers. */
export function decodeWords(value: string) {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(
      /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g,
      (_match, _charset: string, kind: string, text: string) =>
        kind.toUpperCase() === "B"
          ? Buffer.from(text, "base64").toString("utf8")
          : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
}
