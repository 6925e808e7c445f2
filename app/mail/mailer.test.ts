import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailer, MailDeliveryError } from "./mailer.server";
import { listOutbox, outboxEnabled, readOutboxMessage } from "./outbox.server";
import { renderMail, sendTemplate } from "./templates.server";

const links = { publicUrl: "https://souqna.example", supportEmail: "help@souqna.example" };
const resetUrl = "https://souqna.example/auth?type=recovery&token=abc123";

describe("SMTP delivery", () => {
  const received: { to: string[]; raw: string }[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        let raw = "";
        stream.on("data", (chunk) => {
          raw += chunk;
        });
        stream.on("end", () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("speaks SMTP to a real server and delivers an Arabic reset mail", async () => {
    const mailer = createMailer({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: "Souqna <no-reply@souqna.example>",
      DATA_DIR: os.tmpdir(),
    });
    expect(mailer.kind).toBe("smtp");
    await sendTemplate(mailer, {
      to: "rania@example.com",
      lang: "ar",
      template: { kind: "reset-password", name: "رانيا", url: resetUrl },
      ...links,
    });
    expect(received).toHaveLength(1);
    expect(received[0]?.to).toEqual(["rania@example.com"]);
    const raw = received[0]!.raw;
    expect(raw).toMatch(/^Subject: =\?UTF-8\?[BQ]\?/m);
    expect(raw).toContain("Content-Language: ar");
    expect(raw.replace(/=\r?\n/g, "")).toContain("token=3Dabc123");
  });

  it("reports an unreachable server without leaking its password", async () => {
    const mailer = createMailer({
      SMTP_URL: "smtp://user:s3cret@127.0.0.1:1",
      MAIL_FROM: "x@example.com",
      DATA_DIR: os.tmpdir(),
    });
    const error = await mailer
      .send({ to: "a@example.com", subject: "s", text: "t", html: "<p>t</p>", lang: "en" })
      .catch((e) => e);
    expect(error).toBeInstanceOf(MailDeliveryError);
    expect(error.message).toContain("127.0.0.1:1");
    expect(error.message).not.toContain("s3cret");
  });
});

describe("the outbox", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-mail-"));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("writes a complete MIME message that the outbox lists and reads back", async () => {
    const mailer = createMailer({ MAIL_FROM: "Souqna <no-reply@localhost>", DATA_DIR: dataDir });
    expect(mailer.kind).toBe("outbox");
    await sendTemplate(mailer, {
      to: "samer@example.com",
      lang: "ar",
      template: {
        kind: "confirm-email",
        name: "سامر",
        url: "https://souqna.example/auth/confirm?token=t1",
      },
      ...links,
    });
    const [entry] = listOutbox(dataDir);
    expect(entry).toMatchObject({
      to: "samer@example.com",
      subject: "أكّد بريدك الإلكتروني في سوقنا",
    });
    const message = readOutboxMessage(dataDir, entry!.id)!;
    expect(message.text).toContain("https://souqna.example/auth/confirm?token=t1");
    expect(message.text).toContain("مرحبًا سامر");
    expect(message.html).toContain('dir="rtl"');
  });

  it("refuses ids that try to leave the mail folder", () => {
    fs.writeFileSync(path.join(dataDir, "secret.eml"), "Subject: secret\n\nx");
    for (const id of [
      "../secret",
      "..%2Fsecret",
      "/etc/passwd",
      "a\u0000b",
      "..",
      "",
      "../../etc/passwd",
    ]) {
      expect(readOutboxMessage(dataDir, id)).toBeUndefined();
    }
  });

  it("is readable only without SMTP, and in production only from this machine", () => {
    expect(outboxEnabled({ SMTP_URL: undefined, NODE_ENV: "development" }, "203.0.113.9")).toBe(
      true,
    );
    expect(outboxEnabled({ SMTP_URL: undefined, NODE_ENV: "production" }, "203.0.113.9")).toBe(
      false,
    );
    expect(outboxEnabled({ SMTP_URL: undefined, NODE_ENV: "production" }, "127.0.0.1")).toBe(true);
    expect(outboxEnabled({ SMTP_URL: undefined, NODE_ENV: "production" }, "::ffff:127.0.0.1")).toBe(
      true,
    );
    expect(outboxEnabled({ SMTP_URL: undefined, NODE_ENV: "production" }, "::1")).toBe(true);
    expect(outboxEnabled({ SMTP_URL: "smtp://x", NODE_ENV: "development" }, "127.0.0.1")).toBe(
      false,
    );
  });
});

describe("templates", () => {
  const templates = [
    {
      kind: "confirm-email",
      name: "<script>alert(1)</script>",
      url: "https://souqna.example/auth/confirm?token=x",
    },
    { kind: "reset-password", name: "<script>alert(1)</script>", url: resetUrl },
    {
      kind: "password-changed",
      name: "<script>alert(1)</script>",
      when: new Date("2026-03-03T10:00:00Z"),
    },
  ] as const;
  for (const lang of ["en", "ar"] as const) {
    for (const template of templates) {
      it(`${template.kind} in ${lang}: subject, text and html, escaped, with its link`, () => {
        const mail = renderMail(template, lang, links);
        expect(mail.subject.length).toBeGreaterThan(5);
        expect(mail.html).not.toContain("<script>");
        expect(mail.html).toContain("&lt;script&gt;");
        expect(`${mail.text}${mail.html}${mail.subject}`).not.toContain("{{");
        const url = "url" in template ? template.url : "https://souqna.example/forgot-password";
        expect(mail.text).toContain(url);
        expect(mail.html).toContain(`dir="${lang === "ar" ? "rtl" : "ltr"}"`);
      });
    }
  }

  it("refuses relative links", () => {
    expect(() =>
      renderMail({ kind: "confirm-email", name: "x", url: "/auth/confirm" }, "en", links),
    ).toThrow();
  });
});
