import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import smpp from "smpp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { smsMessages } from "../../app/db/schema";
import type { Mailer } from "../../app/mail/mailer.server";
import { createSmsSender } from "../../app/sms/create-sms-sender.server";
import { queueSms } from "../../app/sms/queue-sms.server";
import type { SmsSender } from "../../app/sms/sms-sender";
import { freePort, startSmsc, submittedText, type TestSmsc } from "../../tests/setup/smsc";
import { createTestDatabase, type TestDatabase } from "../../tests/setup/test-database";
import { createAppJobQueue, queuePolicies, registerJobHandlers } from "./app-jobs";
import { type AppJobQueue, jobSender } from "./queue";
import { receiptRecorder } from "./sms-jobs";

// The send-sms job on the app's real queue and database (PGlite; PostgreSQL with
// TEST_DATABASE_URL), sending through a real SMPP server, a real HTTP gateway and the outbox.

const silent = { info: () => {}, warn: () => {}, error: () => {} };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const arabic = "رمز التحقق في سوقنا: ٤٨٢٩١٣. لا تشاركه مع أحد.";

describe("the send-sms job", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-sms-jobs-"));
  let database: TestDatabase;
  let queue: AppJobQueue;
  /** The sender the job uses now: each test puts a real one here. */
  let current: SmsSender;
  const sms: SmsSender = {
    get kind() {
      return current.kind;
    },
    send: (message) => current.send(message),
    close: async () => {},
  };
  const mailer: Mailer = { kind: "outbox", send: async () => {} };
  const row = async (id: string) =>
    (await database.db.select().from(smsMessages).where(eq(smsMessages.id, id)))[0];
  const send = (to: string, text = arabic) =>
    queueSms(jobSender(queue), { to, text, lang: "ar", purpose: "verify-phone" });

  beforeAll(async () => {
    database = await createTestDatabase();
    current = createSmsSender({ DATA_DIR: dataDir });
    queue = createAppJobQueue({
      database,
      logger: silent,
      settings: { JOB_RETRY_DELAY_SECONDS: 1, JOB_POLL_SECONDS: 0.5 },
    });
    await queue.start();
    await registerJobHandlers(queue, {
      env: {
        PUBLIC_URL: "https://souqna.example",
        SUPPORT_EMAIL: "help@souqna.example",
        NOTIFY_UNREAD_AFTER_SECONDS: 0,
        SESSION_SECRET: "a-session-secret-of-at-least-32-characters!",
        DATA_DIR: dataDir,
        PUSH_SERVICE_HOSTS: [],
      },
      database,
      mailer,
      sms,
      logger: silent,
    });
  });
  afterAll(async () => {
    await queue.stop({ timeoutMs: 1000 });
    await current.close();
    await database.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  describe("over SMPP", () => {
    let smsc: TestSmsc | undefined;
    afterAll(async () => {
      await current.close();
      await smsc?.close();
    });

    it("waits out an SMPP server that is down: one message arrives, and its receipt is recorded", async () => {
      const port = await freePort();
      current = createSmsSender(
        { DATA_DIR: dataDir, SMS_URL: `smpp://souqna:s3cret@127.0.0.1:${port}?source=Souqna` },
        { onReceipt: receiptRecorder(database.db, "smpp", silent), timeoutMs: 2000 },
      );
      const { id } = await send("+963912345678");

      // The first attempt finds nothing listening: the row waits, queued, with the reason.
      await expect.poll(() => row(id), { timeout: 10_000 }).toMatchObject({ status: "queued" });
      const waiting = await row(id);
      expect(waiting?.error).toContain("ECONNREFUSED");
      expect(waiting?.attempts).toBeGreaterThanOrEqual(1);

      smsc = await startSmsc({ port });
      await expect
        .poll(async () => (await row(id))?.status, { timeout: 20_000, interval: 200 })
        .toBe("delivered");
      const done = await row(id);
      expect(done).toMatchObject({
        to: "+963912345678",
        purpose: "verify-phone",
        lang: "ar",
        gateway: "smpp",
        gatewayMessageId: "smsc-1",
        error: null,
      });
      expect(done?.attempts).toBeGreaterThanOrEqual(2);
      expect(done?.sentAt).toBeInstanceOf(Date);
      expect(done?.doneAt).toBeInstanceOf(Date);
      // Exactly one message reached the SMSC, decoded back to the very text.
      await sleep(1500);
      expect(smsc.submitted).toHaveLength(1);
      expect(smsc.submitted[0]?.data_coding).toBe(8);
      expect(submittedText(smsc.submitted[0]!)).toBe(arabic);
    });

    it("records a receipt that says the carrier could not deliver", async () => {
      await current.close();
      await smsc?.close();
      smsc = await startSmsc({ receipt: "UNDELIV" });
      current = createSmsSender(
        { DATA_DIR: dataDir, SMS_URL: `smpp://souqna:s3cret@127.0.0.1:${smsc.port}` },
        { onReceipt: receiptRecorder(database.db, "smpp", silent), timeoutMs: 2000 },
      );
      const { id } = await send("+963933333333");
      await expect
        .poll(async () => (await row(id))?.status, { timeout: 10_000, interval: 200 })
        .toBe("failed");
      expect((await row(id))?.error).toBe("UNDELIV err:001");
    });

    it("does not retry a number the SMSC refuses", async () => {
      await current.close();
      await smsc?.close();
      smsc = await startSmsc({
        refuse: { destination: "96399000000", status: smpp.errors.ESME_RINVDSTADR ?? 0x0b },
      });
      current = createSmsSender(
        { DATA_DIR: dataDir, SMS_URL: `smpp://souqna:s3cret@127.0.0.1:${smsc.port}` },
        { timeoutMs: 2000 },
      );
      const { id } = await send("+96399000000");
      await expect
        .poll(async () => (await row(id))?.status, { timeout: 10_000, interval: 200 })
        .toBe("failed");
      expect((await row(id))?.error).toContain("ESME_RINVDSTADR");
      // A retry would come after 1 s, then 2 s: none comes.
      await sleep(3500);
      expect(smsc.submitted).toHaveLength(1);
      expect((await row(id))?.attempts).toBe(1);
    });
  });

  describe("over an HTTP gateway", () => {
    const bodies: string[] = [];
    let statuses: number[] = [];
    let server: http.Server;
    beforeAll(async () => {
      server = http.createServer((request, response) => {
        let body = "";
        request.setEncoding("utf8");
        request.on("data", (chunk: string) => {
          body += chunk;
        });
        request.on("end", () => {
          bodies.push(body);
          const status = statuses.shift() ?? 200;
          response.writeHead(status, { "content-type": "application/json" });
          response.end(status === 200 ? `{"id":"gw-${bodies.length}"}` : "{}");
        });
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      current = createSmsSender({
        DATA_DIR: dataDir,
        SMS_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`,
        SMS_FROM: "Souqna",
        SMS_HTTP_BODY: '{"to":"{to}","text":"{text}","from":"{from}"}',
      });
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it("retries a 500 and sends the configured body once the gateway answers", async () => {
      bodies.length = 0;
      statuses = [500, 500];
      const { id } = await send("+963944444444");
      await expect
        .poll(async () => (await row(id))?.status, { timeout: 20_000, interval: 200 })
        .toBe("sent");
      expect(bodies).toHaveLength(3);
      expect(JSON.parse(bodies[2] ?? "")).toEqual({
        to: "+963944444444",
        text: arabic,
        from: "Souqna",
      });
      expect(await row(id)).toMatchObject({
        gateway: "http",
        gatewayMessageId: "gw-3",
        attempts: 3,
      });
    });

    it("gives up at once on a 400", async () => {
      bodies.length = 0;
      statuses = [400];
      const { id } = await send("+963955555555");
      await expect
        .poll(async () => (await row(id))?.status, { timeout: 10_000, interval: 200 })
        .toBe("failed");
      await sleep(3500);
      expect(bodies).toHaveLength(1);
      expect(await row(id)).toMatchObject({ attempts: 1, error: expect.stringContaining("400") });
    });
  });

  it("writes to the outbox without SMS_URL", async () => {
    current = createSmsSender({ DATA_DIR: dataDir });
    const { id } = await send("+963966666666", "Your Souqna code: 123456");
    await expect
      .poll(async () => (await row(id))?.status, { timeout: 10_000, interval: 200 })
      .toBe("sent");
    const file = `${(await row(id))?.gatewayMessageId}.json`;
    const written = JSON.parse(fs.readFileSync(path.join(dataDir, "sms", file), "utf8"));
    expect(written).toMatchObject({ to: "+963966666666", text: "Your Souqna code: 123456" });
  });

  it("does not send a code that expired while it waited", async () => {
    current = createSmsSender({ DATA_DIR: dataDir });
    const { id } = await queueSms(jobSender(queue), {
      to: "+963966666667",
      text: "Your Souqna code: 654321",
      lang: "en",
      purpose: "verify-phone",
      expiresAt: new Date(Date.now() - 1000),
    });
    await expect
      .poll(async () => (await row(id))?.status, { timeout: 10_000, interval: 200 })
      .toBe("failed");
    expect(await row(id)).toMatchObject({ error: "expired before it could be sent" });
    const files = fs.existsSync(path.join(dataDir, "sms"))
      ? fs.readdirSync(path.join(dataDir, "sms"))
      : [];
    const texts = files.map((f) => fs.readFileSync(path.join(dataDir, "sms", f), "utf8"));
    expect(texts.some((text) => text.includes("+963966666667"))).toBe(false);
  });

  it("refuses a number that is not E.164 before it is queued", async () => {
    await expect(send("0912345678")).rejects.toThrow(/E\.164/);
  });

  it("waits out a gateway outage of about two hours, with back-off", () => {
    const policy = queuePolicies({ JOB_RETRY_DELAY_SECONDS: 30, JOB_POLL_SECONDS: 2 })["send-sms"];
    expect(policy).toMatchObject({ retryLimit: 8, retryDelay: 30, retryBackoff: true });
    // The shortest total wait before the last retry: 30·(1 + 2 + … + 2^7) s, over two hours.
    expect(30 * (2 ** 8 - 1)).toBeGreaterThan(2 * 3600);
  });
});
