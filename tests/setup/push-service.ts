import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

/*
 * A stand-in for a browser vendor's push service (FCM, Mozilla autopush): an HTTPS server on
 * 127.0.0.1 with a certificate made for the test, which records every request and answers with
 * the status the test chose (201 Created, or 410 Gone for an expired subscription). web-push
 * speaks only HTTPS; `agent` trusts this server's certificate and nothing else's.
 *
 * `browserKeys()` plays the browser's side: the P-256 key pair and auth secret a PushManager
 * makes, and `decrypt` opens a recorded aes128gcm body (RFC 8291) the way the browser would.
 */

export interface RecordedPush {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface TestPushService {
  /** The origin, e.g. https://127.0.0.1:43210. */
  origin: string;
  agent: https.Agent;
  /** The certificate, PEM (for NODE_EXTRA_CA_CERTS). */
  certificate: string;
  requests: RecordedPush[];
  /** The status the next requests get (201 by default). */
  answer(status: number): void;
  /** Resolves with the `count`-th request once it has arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<RecordedPush>;
  close(): Promise<void>;
}

/**
 * Starts the service with a new certificate, or with the one in `certificateDir` (key.pem and
 * cert.pem, as `makePushCertificate` writes them), which a server started earlier already trusts
 * through NODE_EXTRA_CA_CERTS (the end-to-end server: scripts/e2e-server.mjs).
 */
export async function startTestPushService({
  certificateDir,
}: {
  certificateDir?: string;
} = {}): Promise<TestPushService> {
  const dir = certificateDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "souqna-push-"));
  if (!certificateDir) makePushCertificate(dir);
  const key = fs.readFileSync(path.join(dir, "key.pem"), "utf8");
  const certificate = fs.readFileSync(path.join(dir, "cert.pem"), "utf8");
  if (!certificateDir) fs.rmSync(dir, { recursive: true, force: true });

  const requests: RecordedPush[] = [];
  const waiters: (() => void)[] = [];
  let status = 201;
  const server = https.createServer({ key, cert: certificate }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      requests.push({
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks),
      });
      res.writeHead(status, status === 201 ? { Location: `/messages/${requests.length}` } : {});
      res.end();
      for (const wake of waiters.splice(0)) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new https.Agent({ ca: certificate, keepAlive: false });

  return {
    origin: `https://127.0.0.1:${port}`,
    agent,
    certificate,
    requests,
    answer(next) {
      status = next;
    },
    async waitFor(count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (requests.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`push service got ${requests.length} of ${count} requests`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, Math.min(left, 250));
        });
      }
      return requests[count - 1] as RecordedPush;
    },
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Writes a key and a certificate for 127.0.0.1, valid a day, into `dir` (key.pem, cert.pem). */
export function makePushCertificate(dir: string) {
  fs.mkdirSync(dir, { recursive: true });
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-keyout",
      path.join(dir, "key.pem"),
      "-out",
      path.join(dir, "cert.pem"),
      "-days",
      "1",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
    ],
    { stdio: "ignore" },
  );
}

/** A browser's subscription keys, and how that browser would read what it receives. */
export function browserKeys() {
  const ecdh = crypto.createECDH("prime256v1");
  const publicKey = ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  return {
    p256dh: publicKey.toString("base64url"),
    auth: auth.toString("base64url"),
    /** Decrypts an aes128gcm body (RFC 8188 framing, RFC 8291 keys): one record. */
    decrypt(body: Buffer): string {
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const serverKey = body.subarray(21, 21 + idLength);
      const record = body.subarray(21 + idLength);
      const secret = ecdh.computeSecret(serverKey);
      const info = Buffer.concat([Buffer.from("WebPush: info\0"), publicKey, serverKey]);
      const ikm = Buffer.from(crypto.hkdfSync("sha256", secret, auth, info, 32));
      const derive = (label: string, length: number) =>
        Buffer.from(crypto.hkdfSync("sha256", ikm, salt, Buffer.from(`${label}\0`), length));
      const decipher = crypto.createDecipheriv(
        "aes-128-gcm",
        derive("Content-Encoding: aes128gcm", 16),
        derive("Content-Encoding: nonce", 12),
      );
      decipher.setAuthTag(record.subarray(record.length - 16));
      const padded = Buffer.concat([
        decipher.update(record.subarray(0, record.length - 16)),
        decipher.final(),
      ]);
      // The last record ends with the delimiter 0x02, then zero padding.
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end--;
      if (padded[end] !== 2) throw new Error("no last-record delimiter");
      return padded.subarray(0, end).toString("utf8");
    },
  };
}
