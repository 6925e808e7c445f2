import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createSmsSender } from "~/sms/create-sms-sender.server";
import { loader } from "./dev-mail";

// /dev/mail's loader: each outbox is listed only while nothing real delivers its messages.

describe("/dev/mail", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-dev-mail-"));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const load = (env: { SMTP_URL?: string; SMS_URL?: string }, lang: "en" | "ar" = "ar") =>
    loader({
      request: new Request("http://localhost/dev/mail"),
      params: {},
      context: {
        env: { NODE_ENV: "development", DEV_MAIL: false, DATA_DIR: dataDir, ...env },
        clientIp: "127.0.0.1",
        lang,
      },
    } as unknown as Parameters<typeof loader>[0]);

  it("lists the text messages of the SMS outbox next to the mail, in the page's language", async () => {
    await createSmsSender({ DATA_DIR: dataDir }).send({
      to: "+963912345678",
      text: "رمز التحقق في سوقنا: ٤٨٢٩١٣",
      lang: "ar",
      purpose: "verify-phone",
    });
    const both = load({});
    expect(both.messages).toEqual([]);
    expect(both.texts).toMatchObject([
      { to: "+963912345678", text: "رمز التحقق في سوقنا: ٤٨٢٩١٣", lang: "ar" },
    ]);
    expect(both.meta.title).toBe("صندوق الصادر");

    // Real mail, SMS still in files: the page shows the texts alone, under their own title.
    const smsOnly = load({ SMTP_URL: "smtp://mail.example" }, "en");
    expect(smsOnly.messages).toBeUndefined();
    expect(smsOnly.texts).toHaveLength(1);
    expect(smsOnly.meta.title).toBe("Text messages");

    const mailOnly = load({ SMS_URL: "smpp://u:p@smsc.example" });
    expect(mailOnly.texts).toBeUndefined();
    expect(mailOnly.messages).toEqual([]);
  });

  it("is unknown when both go out for real", () => {
    let thrown: unknown;
    try {
      load({ SMTP_URL: "smtp://mail.example", SMS_URL: "https://gw.example/send" });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ init: { status: 404 } });
  });
});
