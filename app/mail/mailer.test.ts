import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailer, MailDeliveryError } from "./mailer.server";
import {
  decodeWords,
  linksIn,
  listOutbox,
  outboxEnabled,
  readOutboxMessage,
} from "./outbox.server";
import { type MailTemplate, renderMail, sendTemplate, unlinked } from "./templates.server";

const links = { publicUrl: "https://souqna.example", supportEmail: "help@souqna.example" };
const resetUrl = "https://souqna.example/auth?type=recovery&token=abc123";
const confirmUrl = "https://souqna.example/auth/confirm?token=t1";

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
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString("utf8"),
          });
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
    const raw = received[0]?.raw ?? "";
    const subjectLine = /^Subject: (.*(?:\r\n[ \t].*)*)/m.exec(raw)?.[1] ?? "";
    expect(subjectLine).toMatch(/^=\?UTF-8\?[BQ]\?/);
    expect(decodeWords(subjectLine.replace(/\r\n/g, ""))).toBe(
      renderMail({ kind: "reset-password", name: "x", url: resetUrl }, "ar", links).subject,
    );
    expect(raw).toContain("Content-Language: ar");
    expect(raw).toMatch(/multipart\/alternative/);
    // The HTML part is quoted-printable: lines may wrap, "=" is written "=3D", "&" is "&amp;".
    const html = raw.replace(/=\r?\n/g, "").replaceAll("=3D", "=");
    expect(html).toContain(`href="${resetUrl.replaceAll("&", "&amp;")}"`);
    // The text part is base64; read the message back as the outbox would.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-smtp-"));
    fs.mkdirSync(path.join(dataDir, "mail"));
    fs.writeFileSync(path.join(dataDir, "mail", "received.eml"), raw);
    expect(readOutboxMessage(dataDir, "received")?.text).toContain(resetUrl);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("reports an unreachable server by host, never with its password", async () => {
    const mailer = createMailer({
      SMTP_URL: "smtp://user:s3cret@127.0.0.1:1",
      MAIL_FROM: "x@example.com",
      DATA_DIR: os.tmpdir(),
    });
    const error = await mailer
      .send({ to: "a@example.com", subject: "s", text: "t", html: "<p>t</p>", lang: "en" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MailDeliveryError);
    const message = (error as Error).message;
    expect(message).toContain("127.0.0.1:1");
    expect(message).not.toContain("s3cret");
    expect(message).not.toContain("user:");
    // /healthz tells the operator, without the password either.
    expect(mailer.health?.()).toMatchObject({ status: "failing", lastError: message });
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
      template: { kind: "confirm-email", name: "سامر", url: confirmUrl },
      ...links,
    });

    const files = fs.readdirSync(path.join(dataDir, "mail"));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-[0-9a-f]{6}\.eml$/);
    const raw = fs.readFileSync(path.join(dataDir, "mail", files[0] ?? ""), "utf8");
    expect(raw).toMatch(/^Subject: =\?UTF-8\?[BQ]\?/m);
    expect(raw).toContain("Content-Language: ar");
    expect(raw).toContain("multipart/alternative");

    const [entry] = listOutbox(dataDir);
    expect(entry).toMatchObject({
      id: files[0]?.replace(/\.eml$/, ""),
      to: "samer@example.com",
      subject: "أكّد بريدك الإلكتروني في سوقنا",
    });
    expect(Date.now() - Date.parse(entry?.date ?? "")).toBeLessThan(60_000);
    expect(entry?.size).toBe(Buffer.byteLength(raw));

    const message = readOutboxMessage(dataDir, entry?.id ?? "");
    expect(message?.subject).toBe("أكّد بريدك الإلكتروني في سوقنا");
    expect(message?.text).toContain(confirmUrl);
    // The name is a bidi isolate (FSI … PDI), so mixed-direction names keep their commas.
    expect(message?.text).toContain("مرحبًا \u2068سامر\u2069،");
    expect(message?.html).toContain('dir="rtl"');
    expect(message?.html).toContain(`href="${confirmUrl}"`);
    expect(linksIn(message ?? { text: "", html: "" })).toEqual([confirmUrl]);
  });

  it("lists the newest message first and honours the limit", async () => {
    const mailer = createMailer({ MAIL_FROM: "x@localhost", DATA_DIR: dataDir });
    for (const n of [1, 2]) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      await mailer.send({
        to: `n${n}@example.com`,
        subject: `n${n}`,
        text: "t",
        html: "",
        lang: "en",
      });
    }
    expect(listOutbox(dataDir).map((m) => m.to)).toEqual([
      "n2@example.com",
      "n1@example.com",
      "samer@example.com",
    ]);
    expect(listOutbox(dataDir, 1)).toHaveLength(1);
    expect(listOutbox(path.join(dataDir, "missing"))).toEqual([]);
  });

  it("refuses ids that try to leave the mail folder", () => {
    fs.writeFileSync(path.join(dataDir, "secret.eml"), "Subject: secret\n\nx");
    for (const id of [
      "../secret",
      "..%2Fsecret",
      "%2e%2e/secret",
      "/etc/passwd",
      path.join(dataDir, "secret"),
      "a\u0000b",
      "..",
      ".",
      "",
      "../../etc/passwd",
      "..\\secret",
    ]) {
      expect(readOutboxMessage(dataDir, id)).toBeUndefined();
    }
    expect(readOutboxMessage(dataDir, "no-such-message")).toBeUndefined();
  });

  it("decodes base64 and quoted-printable parts and encoded words", () => {
    const mailDir = path.join(dataDir, "mail");
    const arabic = "مرحبا https://souqna.example/x?a=1&b=2";
    fs.writeFileSync(
      path.join(mailDir, "0000-handmade.eml"),
      [
        "To: =?UTF-8?Q?=D8=B3=D8=A7?= =?UTF-8?Q?=D9=85=D8=B1?= <s@example.com>",
        `Subject: =?utf-8?B?${Buffer.from("تجربة").toString("base64")}?=`,
        "Date: Tue, 03 Mar 2026 10:00:00 +0000",
        'Content-Type: multipart/alternative; boundary="--b1"',
        "",
        "----b1",
        "Content-Type: text/plain; charset=utf-8",
        "Content-Transfer-Encoding: base64",
        "",
        Buffer.from(arabic).toString("base64"),
        "----b1",
        "Content-Type: text/html; charset=utf-8",
        "Content-Transfer-Encoding: quoted-printable",
        "",
        '<a href=3D"https://souqna.example/x?a=3D1&amp;b=3D2">=D9=85=D8=B1=',
        "=D8=AD=D8=A8=D8=A7</a>",
        "----b1--",
        "",
      ].join("\r\n"),
    );
    const message = readOutboxMessage(dataDir, "0000-handmade");
    expect(message).toMatchObject({
      to: "سامر <s@example.com>",
      subject: "تجربة",
      date: "2026-03-03T10:00:00.000Z",
      text: arabic,
      html: '<a href="https://souqna.example/x?a=1&amp;b=2">مرحبا</a>',
    });
    expect(linksIn(message ?? { text: "", html: "" })).toEqual([
      "https://souqna.example/x?a=1&b=2",
    ]);
  });

  it("is readable only without SMTP, and in production only with DEV_MAIL and from this machine", () => {
    const dev = { SMTP_URL: undefined, NODE_ENV: "development", DEV_MAIL: false } as const;
    const test = { SMTP_URL: undefined, NODE_ENV: "test", DEV_MAIL: false } as const;
    const prod = { SMTP_URL: undefined, NODE_ENV: "production", DEV_MAIL: true } as const;
    const prodDefault = { SMTP_URL: undefined, NODE_ENV: "production", DEV_MAIL: false } as const;
    const cases: [Parameters<typeof outboxEnabled>[0], string, boolean][] = [
      [dev, "203.0.113.9", true],
      [test, "203.0.113.9", true],
      [dev, "127.0.0.1", true],
      [prod, "203.0.113.9", false],
      [prod, "10.0.0.2", false],
      [prod, "::ffff:203.0.113.9", false],
      [prod, "127.0.0.1", true],
      [prodDefault, "127.0.0.1", false],
      [prodDefault, "::1", false],
      [prod, "127.8.9.10", true],
      [prod, "::1", true],
      [prod, "::ffff:127.0.0.1", true],
      [prod, "127.evil.example", false],
      [prod, "", false],
      [
        { SMTP_URL: "smtp://mail.example", NODE_ENV: "development", DEV_MAIL: false },
        "127.0.0.1",
        false,
      ],
      [
        { SMTP_URL: "smtp://mail.example", NODE_ENV: "production", DEV_MAIL: true },
        "127.0.0.1",
        false,
      ],
    ];
    for (const [env, ip, expected] of cases) {
      expect(outboxEnabled(env, ip), `${env.NODE_ENV} ${env.SMTP_URL ?? "-"} ${ip}`).toBe(expected);
    }
    // Behind a proxy every request arrives over loopback: the proxy's headers give it away.
    const proxied = new Headers({ "x-forwarded-for": "127.0.0.1" });
    expect(outboxEnabled(prod, "127.0.0.1", proxied)).toBe(false);
    expect(outboxEnabled(prod, "127.0.0.1", new Headers({ forwarded: "for=1.2.3.4" }))).toBe(false);
    expect(outboxEnabled(prod, "127.0.0.1", new Headers({ accept: "text/html" }))).toBe(true);
    expect(outboxEnabled(dev, "203.0.113.9", proxied)).toBe(true);
  });
});

describe("templates", () => {
  const name = "<script>alert(1)</script>";
  const templates: MailTemplate[] = [
    { kind: "confirm-email", name, url: "https://souqna.example/auth/confirm?token=x&y=1" },
    { kind: "reset-password", name, url: resetUrl },
    { kind: "password-changed", name, when: new Date("2026-03-03T10:00:00Z") },
  ];

  for (const lang of ["en", "ar"] as const) {
    for (const template of templates) {
      it(`${template.kind} in ${lang}: subject, text and html, escaped, with its link`, () => {
        const mail = renderMail(template, lang, links);
        expect(mail.subject.length).toBeGreaterThan(5);
        expect(mail.text.length).toBeGreaterThan(100);
        expect(`${mail.text}${mail.html}${mail.subject}`).not.toContain("{{");

        expect(mail.html).not.toContain("<script>");
        expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/\u200Bscript&gt;");
        expect(mail.text).toContain(unlinked(name));

        const url = "url" in template ? template.url : "https://souqna.example/forgot-password";
        expect(mail.text).toContain(url);
        expect(mail.html).toContain(`href="${url.replaceAll("&", "&amp;")}"`);
        expect(mail.html).toContain(links.supportEmail);

        const dir = lang === "ar" ? "rtl" : "ltr";
        expect(mail.html).toContain(`<html lang="${lang}" dir="${dir}">`);
        expect(mail.html).toContain(`text-align:${lang === "ar" ? "right" : "left"}`);
        expect(mail.text).toContain(lang === "ar" ? "فريق سوقنا" : "The Souqna team");
        expect(mail.html).not.toMatch(/<img|<link|@import|url\(/i);
      });
    }
  }

  it("never put what a member wrote in a subject, nor make a link of it", () => {
    const lure = "ACTION REQUIRED: verify at https://evil.example/login or write to x@evil.example";
    const notices: MailTemplate[] = [
      {
        kind: "saved-search-alert",
        name: lure,
        search: lure,
        total: 2,
        listings: [{ title: lure, price: "SYP 1", url: "https://souqna.example/listing/1" }],
        url: "https://souqna.example/search?q=x",
        unsubscribeUrl: "https://souqna.example/unsubscribe?t=1",
      },
      {
        kind: "unread-messages",
        name: lure,
        url: "https://souqna.example/messages/1",
        conversations: [{ sender: lure, title: lure }],
        unsubscribeUrl: "https://souqna.example/unsubscribe?t=1",
      },
      {
        kind: "unread-messages",
        name: lure,
        url: "https://souqna.example/messages",
        conversations: [
          { sender: lure, title: lure },
          { sender: "Omar", title: "Kia" },
        ],
        unsubscribeUrl: "https://souqna.example/unsubscribe?t=1",
      },
      {
        kind: "favorite-changed",
        name: lure,
        url: "https://souqna.example/listing/1",
        title: lure,
        change: { kind: "price-drop", oldPrice: 2, newPrice: 1 },
        unsubscribeUrl: "https://souqna.example/unsubscribe?t=1",
      },
      {
        kind: "favorite-changed",
        name: lure,
        url: "https://souqna.example/listing/1",
        title: lure,
        change: { kind: "sold" },
        unsubscribeUrl: "https://souqna.example/unsubscribe?t=1",
      },
    ];
    for (const lang of ["en", "ar"] as const) {
      for (const template of notices) {
        const mail = renderMail(template, lang, links);
        const what = `${template.kind} ${lang}`;
        expect(mail.subject, what).not.toMatch(/ACTION|evil/);
        for (const body of [mail.text, mail.html]) {
          // Quoted as the member's words, and told whose words they are.
          expect(body, what).toMatch(lang === "ar" ? /«\u2068ACTION/ : /“\u2068ACTION/);
          expect(body, what).toContain(
            lang === "ar" ? "ما بين علامتَي التنصيص كتبه أعضاء" : "Text in quotation marks",
          );
          // No address a mail client would link: each is broken by a zero-width space.
          expect(body, what).not.toMatch(/evil\.example|https?:\/\/evil|x@evil/);
        }
        // The only links are ours.
        for (const link of linksIn(mail))
          expect(link, what).toMatch(/^https:\/\/souqna\.example\//);
      }
    }
    expect(unlinked("see evil.example/login, http://x.y or a@b.c")).toBe(
      "see evil.\u200Bexample/\u200Blogin, http:\u200B/\u200B/\u200Bx.\u200By or a@\u200Bb.\u200Bc",
    );
    expect(unlinked("Kia Rio 2015. Clean")).toBe("Kia Rio 2015. Clean");
  });

  it("says how long each link works", () => {
    expect(renderMail(templates[0] as MailTemplate, "en", links).text).toContain("3 days");
    expect(renderMail(templates[1] as MailTemplate, "en", links).text).toContain("1 hour");
    expect(renderMail(templates[1] as MailTemplate, "ar", links).text).toContain("ساعة واحدة");
  });

  it("dates the password change in the reader's language", () => {
    const changed = templates[2] as MailTemplate;
    expect(renderMail(changed, "en", links).text).toContain("2026");
    expect(renderMail(changed, "ar", links).text).toContain("٢٠٢٦");
  });

  it("refuses relative links", () => {
    expect(() =>
      renderMail({ kind: "confirm-email", name: "x", url: "/auth/confirm" }, "en", links),
    ).toThrow();
    expect(() =>
      renderMail({ kind: "reset-password", name: "x", url: "javascript:alert(1)" }, "en", links),
    ).toThrow();
    expect(() =>
      renderMail({ kind: "password-changed", name: "x", when: new Date() }, "en", {
        ...links,
        publicUrl: "",
      }),
    ).toThrow();
  });
});
