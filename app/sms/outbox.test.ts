import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createSmsSender } from "./create-sms-sender.server";
import { listSmsOutbox, smsOutboxEnabled } from "./outbox.server";

describe("the SMS outbox", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-sms-"));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("writes each message as a JSON file under DATA_DIR/sms, listed newest first", async () => {
    const sender = createSmsSender({ DATA_DIR: dataDir });
    expect(sender.kind).toBe("outbox");
    const first = await sender.send({
      to: "+963912345678",
      text: "رمز التحقق: ٤٨٢٩١٣",
      lang: "ar",
      purpose: "verify-phone",
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await sender.send({ to: "+491701234567", text: "Code: 1", lang: "en", purpose: "sign-in" });

    const files = fs.readdirSync(path.join(dataDir, "sms")).sort();
    expect(files).toHaveLength(2);
    expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-[0-9a-f]{6}\.json$/);
    const written = JSON.parse(fs.readFileSync(path.join(dataDir, "sms", files[0]!), "utf8"));
    expect(written).toMatchObject({
      id: first.gatewayId,
      to: "+963912345678",
      text: "رمز التحقق: ٤٨٢٩١٣",
      lang: "ar",
      purpose: "verify-phone",
    });
    expect(Date.now() - Date.parse(written.at)).toBeLessThan(60_000);

    fs.writeFileSync(path.join(dataDir, "sms", "9999-not-json.json"), "{");
    fs.writeFileSync(path.join(dataDir, "sms", "notes.txt"), "x");
    expect(listSmsOutbox(dataDir).map((entry) => entry.to)).toEqual([
      "+491701234567",
      "+963912345678",
    ]);
    expect(listSmsOutbox(dataDir, 1)).toHaveLength(1);
    expect(listSmsOutbox(path.join(dataDir, "missing"))).toEqual([]);
  });

  it("is readable only without SMS_URL, and in production only with DEV_MAIL from this machine", () => {
    const dev = { SMS_URL: undefined, NODE_ENV: "development", DEV_MAIL: false } as const;
    const prod = { SMS_URL: undefined, NODE_ENV: "production", DEV_MAIL: true } as const;
    expect(smsOutboxEnabled(dev, "203.0.113.9")).toBe(true);
    expect(smsOutboxEnabled({ ...dev, SMS_URL: "smpp://h" }, "127.0.0.1")).toBe(false);
    expect(smsOutboxEnabled(prod, "127.0.0.1")).toBe(true);
    expect(smsOutboxEnabled(prod, "203.0.113.9")).toBe(false);
    expect(smsOutboxEnabled({ ...prod, DEV_MAIL: false }, "127.0.0.1")).toBe(false);
    const proxied = new Headers({ "x-forwarded-for": "127.0.0.1" });
    expect(smsOutboxEnabled(prod, "127.0.0.1", proxied)).toBe(false);
  });
});
