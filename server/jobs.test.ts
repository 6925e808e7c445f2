import { spawn } from "node:child_process";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpOverHttp } from "../tests/setup/http-members";
import {
  createServerDatabase,
  dropServerDatabase,
  type RunningServer,
  startServer,
} from "../tests/setup/server-process";

/*
 * Mail on the job queue, on the real built server against a real SMTP server (smtp-server): a
 * sign-up while SMTP refuses succeeds, its confirmation arrives once SMTP accepts (the retries in
 * the log), /healthz and /metrics show the queue, and a SIGTERM while a mail is being sent loses
 * nothing. PGlite by default, PostgreSQL with TEST_DATABASE_URL.
 */
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-jobs-"));
/** A fresh embedded database migrates from scratch, and the build may be redone: slow when busy. */
const START_MS = 110_000;

type Mode = "accept" | "refuse" | "hang";
const smtp = {
  mode: "accept" as Mode,
  received: [] as { to: string[]; raw: string }[],
  /** Messages whose DATA was read while hanging: never answered, so never delivered. */
  held: 0,
};
let sink: SMTPServer;
let smtpPort: number;
let databaseUrl: string | undefined;
let server: RunningServer | undefined;

const OPERATOR_TOKEN = "operator-token-for-the-suite-0123456789";
const operator = { authorization: `Bearer ${OPERATOR_TOKEN}` };

function env() {
  return {
    DATA_DIR: tmp,
    DATABASE_URL: databaseUrl,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    TRUST_PROXY: "true",
    SIGN_UPS_PER_IP_PER_HOUR: "1000",
    PUBLIC_URL: "http://souqna.test",
    // Retries 1–2 s, then 2–4 s… instead of 30 s; an idle worker asks every half second.
    JOB_RETRY_DELAY_SECONDS: "1",
    JOB_POLL_SECONDS: "0.5",
    // The queue's figures in /healthz and /metrics are for the operator's token only.
    METRICS_TOKEN: OPERATOR_TOKEN,
  };
}

async function until<T>(what: () => Promise<T | undefined> | T | undefined, ms = 30_000) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await what();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const mailTo = (address: string) => smtp.received.filter((m) => m.to.includes(address));

async function health() {
  const res = await fetch(`${server?.url}/healthz`, { headers: operator });
  return (await res.json()) as {
    status: string;
    jobs: {
      status: string;
      worked: boolean;
      queued: number;
      active: number;
      failed: number;
      oldestDueSeconds: number;
      byQueue: Record<string, { queued: number; active: number; failed: number }>;
    };
    sms: { transport: string; status: string };
  };
}

async function metric(name: string) {
  const text = await (await fetch(`${server?.url}/metrics`, { headers: operator })).text();
  const line = text.split("\n").find((l) => l.startsWith(`${name}{queue="send-mail"}`));
  return line ? Number(line.split(" ").pop()) : undefined;
}

beforeAll(async () => {
  sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (smtp.mode === "refuse") {
        return callback(
          Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 }),
        );
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (smtp.mode === "hang") {
          smtp.held += 1;
          return; // never answered: the sending job is still running
        }
        smtp.received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  sink.on("error", () => {});
  await new Promise<void>((resolve) => sink.listen(0, "127.0.0.1", resolve));
  smtpPort = (sink.server.address() as AddressInfo).port;
  databaseUrl = await createServerDatabase("souqna_jobs");
  server = await startServer(env(), START_MS);
}, START_MS + 10_000);

afterAll(async () => {
  await server?.stop();
  await new Promise<void>((resolve) => sink.close(() => resolve()));
  await dropServerDatabase(databaseUrl);
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe("mail on the job queue", () => {
  it("signs up while SMTP refuses, shows the retry, and delivers once SMTP accepts", async () => {
    smtp.mode = "refuse";
    await signUpOverHttp(server?.url ?? "", { name: "Lina", email: "lina@example.com" });
    // The attempt failed and is waiting for its retry: in the log, /healthz and /metrics.
    await until(() =>
      server?.output().includes("job failed; it will be retried") ? true : undefined,
    );
    const waiting = await health();
    expect(waiting.status).toBe("ok");
    expect(waiting.jobs).toMatchObject({ status: "up", worked: true });
    expect(waiting.jobs.byQueue["send-mail"]?.queued).toBeGreaterThanOrEqual(1);
    expect(await metric("souqna_jobs_queued")).toBeGreaterThanOrEqual(1);
    expect(mailTo("lina@example.com")).toHaveLength(0);

    smtp.mode = "accept";
    const [mail] = await until(() => {
      const mails = mailTo("lina@example.com");
      return mails.length > 0 ? mails : undefined;
    });
    expect(mail?.raw.replace(/=\r?\n/g, "")).toContain("/auth/confirm?token=");
    const retried = (server?.output() ?? "")
      .split("\n")
      .filter((line) => line.includes("job failed; it will be retried"))
      .map((line) => JSON.parse(line) as { level: number; job: string; attempt: number });
    expect(retried[0]).toMatchObject({ level: 40, job: "send-mail", attempt: 1 });
    // Delivered and done: nothing waits, nothing failed for good.
    await until(async () => ((await health()).jobs.queued === 0 ? true : undefined));
    expect((await health()).jobs).toMatchObject({ queued: 0, active: 0, failed: 0 });
    // This process works the SMS jobs too: the outbox (no SMS_URL) is up.
    expect((await health()).sms).toEqual({ transport: "outbox", status: "up" });
    // The metrics count the queue once a second at most: the scrape above may still be the one
    // read when the mail waited.
    await until(async () => ((await metric("souqna_jobs_queued")) === 0 ? true : undefined));
    expect(await metric("souqna_jobs_failed")).toBe(0);
    // Still one message, however long we wait.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(mailTo("lina@example.com")).toHaveLength(1);
  }, 90_000);

  it(
    "loses no mail when stopped while one is being sent: it goes out after the restart",
    async () => {
      smtp.mode = "hang";
      await signUpOverHttp(server?.url ?? "", { name: "Omar", email: "omar@example.com" });
      await until(() => (smtp.held > 0 ? true : undefined));
      // The SMTP server sits on the message: the job is running when the server is told to stop.
      const stopped = await server?.stop("SIGTERM");
      expect(stopped?.code).toBe(0);
      expect(server?.output()).toContain("job queue stopped");
      expect(mailTo("omar@example.com")).toHaveLength(0);

      smtp.mode = "accept";
      server = await startServer(env(), START_MS);
      await until(() => (mailTo("omar@example.com").length > 0 ? true : undefined));
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(mailTo("omar@example.com")).toHaveLength(1);
      expect(mailTo("lina@example.com")).toHaveLength(1);
    },
    2 * START_MS,
  );

  it(
    "queues without sending under JOBS=off, and `npm run jobs` alone sends",
    async () => {
      await server?.stop("SIGTERM");
      server = await startServer({ ...env(), JOBS: "off" }, START_MS);
      await signUpOverHttp(server.url, { name: "Hala", email: "hala@example.com" });
      await until(async () => ((await health()).jobs.queued > 0 ? true : undefined));
      expect((await health()).jobs).toMatchObject({ worked: false, status: "up" });
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect(mailTo("hala@example.com")).toHaveLength(0);
      // On the embedded database the worker replaces the server (one process owns it).
      if (!databaseUrl) await server.stop("SIGTERM");

      const worker = spawn(process.execPath, ["scripts/cli.mjs", "jobs"], {
        cwd: path.resolve(import.meta.dirname, ".."),
        env: { ...process.env, ...env(), NODE_ENV: undefined, LOG_LEVEL: "info" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      worker.stdout?.on("data", (chunk) => {
        output += chunk;
      });
      worker.stderr?.on("data", (chunk) => {
        output += chunk;
      });
      const exited = new Promise<number | null>((resolve) => worker.once("exit", resolve));
      try {
        await until(() => (mailTo("hala@example.com").length > 0 ? true : undefined), 60_000);
      } finally {
        worker.kill("SIGTERM");
      }
      expect(await exited, output).toBe(0);
      expect(output).toContain("working jobs");
      expect(output).toContain("job queue stopped");
      expect(mailTo("hala@example.com")).toHaveLength(1);
    },
    2 * START_MS,
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "with workers, the primary works the jobs the workers send",
    async () => {
      await server?.stop("SIGTERM");
      server = await startServer({ ...env(), WEB_CONCURRENCY: "2" }, START_MS);
      await signUpOverHttp(server.url, { name: "Nour", email: "nour@example.com" });
      await until(() => (mailTo("nour@example.com").length > 0 ? true : undefined));
      const output = server.output();
      // The primary started the queue (and works it); the two workers only send.
      expect(output.match(/"job queue started"/g)).toHaveLength(1);
      expect(output.match(/"worker is listening"/g)).toHaveLength(2);
      expect((await health()).jobs).toMatchObject({ worked: true, queued: 0 });
      expect(await metric("souqna_jobs_queued")).toBe(0);
      const stopped = await server.stop("SIGTERM");
      expect(stopped.code).toBe(0);
      expect(server.output()).toContain("job queue stopped");
    },
    2 * START_MS,
  );
});
