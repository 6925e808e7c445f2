import fs from "node:fs";
import path from "node:path";
import { devOutboxOpen } from "~/utils/dev-outbox.server";
import type { Env } from "~/utils/env.server";

export interface OutboxEntry {
  /** The file name without `.eml`. */
  id: string;
  to: string;
  subject: string;
  /** ISO 8601; from the Date header, else the file's modification time. */
  date: string;
  /** Bytes on disk. */
  size: number;
}

export interface OutboxMessage {
  id: string;
  to: string;
  subject: string;
  date: string;
  text: string;
  html: string;
}

const ID = /^[\w.-]+$/;
/** Enough for the header block of anything the mailer writes; the body is not needed to list. */
const HEADER_BYTES = 64 * 1024;

/** The mail outbox is readable while SMTP_URL is unset (the rules: devOutboxOpen). */
export function outboxEnabled(
  env: Pick<Env, "SMTP_URL" | "NODE_ENV" | "DEV_MAIL">,
  clientIp: string,
  requestHeaders?: Headers,
) {
  return devOutboxOpen(Boolean(env.SMTP_URL), env, clientIp, requestHeaders);
}

/** Newest first (file names start with an ISO timestamp). */
export function listOutbox(dataDir: string, limit = 100): OutboxEntry[] {
  const dir = outboxDir(dataDir);
  let names: string[];
  try {
    names = fs.readdirSync(dir).filter((name) => name.endsWith(".eml") && ID.test(name));
  } catch {
    return [];
  }
  names.sort().reverse();
  const entries: OutboxEntry[] = [];
  for (const name of names) {
    if (entries.length >= limit) break;
    const file = path.join(dir, name);
    try {
      const stat = fs.statSync(file);
      if (!stat.isFile()) continue;
      const { headers } = splitMessage(readStart(file, HEADER_BYTES));
      entries.push({
        id: name.slice(0, -".eml".length),
        to: decodeWords(headers.to ?? ""),
        subject: decodeWords(headers.subject ?? ""),
        date: isoDate(headers.date, stat.mtime),
        size: stat.size,
      });
    } catch {
      // Deleted while we listed it: skip.
    }
  }
  return entries;
}

/** One message, decoded; undefined for an unknown id or one that tries to leave the folder. */
export function readOutboxMessage(dataDir: string, id: string): OutboxMessage | undefined {
  const file = messagePath(dataDir, id);
  if (!file) return undefined;
  let raw: string;
  let mtime: Date;
  try {
    const stat = fs.statSync(file);
    if (!stat.isFile()) return undefined;
    mtime = stat.mtime;
    raw = fs.readFileSync(file, "latin1");
  } catch {
    return undefined;
  }
  const { headers, body } = splitMessage(raw);
  const parts = mimeParts(headers, body);
  return {
    id,
    to: decodeWords(headers.to ?? ""),
    subject: decodeWords(headers.subject ?? ""),
    date: isoDate(headers.date, mtime),
    text: parts.find((part) => part.type === "text/plain")?.content ?? "",
    html: parts.find((part) => part.type === "text/html")?.content ?? "",
  };
}

/**
 * Every distinct http(s) link in a message (the HTML's hrefs, then the plain text's URLs), so the
 * outbox page can offer them as ordinary links while the HTML itself stays in a sandbox.
 */
export function linksIn(message: Pick<OutboxMessage, "text" | "html">): string[] {
  const fromHtml = [...message.html.matchAll(/href\s*=\s*"([^"]*)"/gi)].map((m) =>
    decodeEntities(m[1] ?? ""),
  );
  const fromText = (message.text.match(/https?:\/\/[^\s<>"]+/g) ?? []).map((url) =>
    url.replace(/[.,;:!?)\]]+$/, ""),
  );
  return [...new Set([...fromHtml, ...fromText])].filter((url) => /^https?:\/\/\S+$/i.test(url));
}

function outboxDir(dataDir: string) {
  return path.resolve(dataDir, "mail");
}

function messagePath(dataDir: string, id: string) {
  // The id pattern already rules out "/", "\", "%", NUL and absolute paths; "." and ".." are
  // word-free and are refused by name, and the resolved path is checked as a last line.
  if (!ID.test(id) || id.includes("..")) return undefined;
  const dir = outboxDir(dataDir);
  const file = path.resolve(dir, `${id}.eml`);
  return path.dirname(file) === dir ? file : undefined;
}

function readStart(file: string, bytes: number) {
  const fd = fs.openSync(file, "r");
  try {
    const buffer = Buffer.alloc(bytes);
    const read = fs.readSync(fd, buffer, 0, bytes, 0);
    return buffer.subarray(0, read).toString("latin1");
  } finally {
    fs.closeSync(fd);
  }
}

function isoDate(header: string | undefined, fallback: Date) {
  const parsed = header ? new Date(header) : undefined;
  return (parsed && !Number.isNaN(parsed.getTime()) ? parsed : fallback).toISOString();
}

/**
 * Splits a message (or a MIME part) into its unfolded headers and its body. The text is read as
 * latin1, one character per byte, so that decoding can later turn bytes into UTF-8 exactly once.
 */
function splitMessage(raw: string) {
  const normalised = raw.replace(/\r\n/g, "\n");
  const end = normalised.indexOf("\n\n");
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? "" : normalised.slice(end + 2);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    headers[line.slice(0, colon).trim().toLowerCase()] ??= line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function mimeParts(headers: Record<string, string>, body: string): Part[] {
  const contentType = headers["content-type"] ?? "text/plain";
  const type = (contentType.split(";")[0] ?? "").trim().toLowerCase();
  const boundary = /boundary\s*=\s*(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const marker = boundary?.[1] ?? boundary?.[2];
  if (type.startsWith("multipart/") && marker) {
    const chunks = body.split(`--${marker}`);
    // chunks[0] is the preamble; a chunk starting with "--" is the closing delimiter.
    return chunks
      .slice(1)
      .filter((chunk) => !chunk.startsWith("--"))
      .flatMap((chunk) => {
        // The line break before a delimiter belongs to the delimiter (RFC 2046 §5.1.1).
        const part = splitMessage(chunk.replace(/^[ \t]*\n/, "").replace(/\n$/, ""));
        return mimeParts(part.headers, part.body);
      });
  }
  const charset = /charset\s*=\s*"?([\w.:-]+)"?/i.exec(contentType)?.[1] ?? "utf-8";
  const bytes = decodeTransfer(body, headers["content-transfer-encoding"]);
  return [{ type, content: decodeCharset(bytes, charset) }];
}

interface Part {
  type: string;
  content: string;
}

function decodeTransfer(body: string, encoding = "7bit"): Buffer {
  switch (encoding.trim().toLowerCase()) {
    case "base64":
      return Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ""), "base64");
    case "quoted-printable":
      return quotedPrintable(body.replace(/[ \t]+$/gm, "").replace(/=\n/g, ""));
    default:
      return Buffer.from(body, "latin1");
  }
}

/** `input` holds one character per byte (latin1); `=XX` escapes become that byte. */
function quotedPrintable(input: string): Buffer {
  const decoded = input.replace(/=([0-9A-Fa-f]{2})/g, (_match, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
  return Buffer.from(decoded, "latin1");
}

function decodeCharset(bytes: Buffer, charset: string) {
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder("utf-8").decode(bytes);
  }
}

/**
 * Header text with RFC 2047 encoded words (=?UTF-8?B?…?= and =?UTF-8?Q?…?=), as nodemailer writes
 * non-ASCII headers. Whitespace between two encoded words is not part of the text, and adjacent
 * words may split one multi-byte character, so their bytes are joined before decoding.
 */
export function decodeWords(value: string) {
  const word = /=\?([^?*]+)(?:\*[^?]*)?\?([BbQq])\?([^?]*)\?=/g;
  let out = "";
  let run: { charset: string; bytes: Buffer[] } | undefined;
  let last = 0;
  const flush = () => {
    if (run) out += decodeCharset(Buffer.concat(run.bytes), run.charset);
    run = undefined;
  };
  for (const match of value.matchAll(word)) {
    const [whole, charset = "utf-8", kind = "B", text = ""] = match;
    const between = value.slice(last, match.index);
    last = match.index + whole.length;
    const bytes =
      kind.toUpperCase() === "B"
        ? Buffer.from(text, "base64")
        : quotedPrintable(text.replace(/_/g, " "));
    if (run && between.trim() === "" && run.charset === charset.toLowerCase()) {
      run.bytes.push(bytes);
      continue;
    }
    flush();
    out += between;
    run = { charset: charset.toLowerCase(), bytes: [bytes] };
  }
  flush();
  return (out + value.slice(last)).trim();
}

function decodeEntities(value: string) {
  return value.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (match, entity: string) => {
    const lower = entity.toLowerCase();
    const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
    if (!lower.startsWith("#")) return named[lower] ?? match;
    const code = lower.startsWith("#x")
      ? Number.parseInt(lower.slice(2), 16)
      : Number.parseInt(lower.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match;
  });
}
