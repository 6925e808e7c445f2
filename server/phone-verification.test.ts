import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import arErrors from "../app/i18n/locales/ar/errors";
import enAccount from "../app/i18n/locales/en/account";
import enErrors from "../app/i18n/locales/en/errors";
import enMail from "../app/i18n/locales/en/mail";
import { listOutbox, readOutboxMessage } from "../app/mail/outbox.server";
import { listSmsOutbox } from "../app/sms/outbox.server";
import { serverForFile } from "../tests/abuse/server";
import {
  getAs,
  type HttpMember,
  postForm,
  signUpOverHttp,
  smsCodeOverHttp,
  verifyPhoneOverHttp,
} from "../tests/setup/http-members";

/*
 * Proving a phone number in Settings, over HTTP on the built app, without JavaScript (decision
 * 036): the number, the code read from the SMS outbox, the code typed back. Wrong and hostile
 * input answers in the member's language and keeps the number; a number another account had
 * verified moves only after the code, and that account is told.
 */
const s = serverForFile({
  TRUST_PROXY: "true",
  SIGN_UPS_PER_IP_PER_HOUR: "100",
  JOB_POLL_SECONDS: "0.5",
});
const dataDir = s.dataDir;
const server = {
  get url() {
    return s.url;
  },
};

const html = (res: Response) => res.text();
/** What React writes for a text in the HTML (quotes, apostrophes and brackets escaped). */
const inHtml = (text: string) =>
  text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll("'", "&#x27;")
    .replaceAll('"', "&quot;");

async function member(name: string): Promise<HttpMember> {
  return signUpOverHttp(server.url, {
    name,
    email: `${name.toLowerCase()}-${Date.now()}@example.com`,
  });
}

describe("verifying a phone number in Settings", () => {
  it("texts a code to the number typed in Arabic-Indic digits, and the code verifies it", async () => {
    const rana = await member("Rana");
    const empty = await html(await getAs(server.url, "/settings", rana.cookie));
    expect(empty).toContain(enAccount.settings.phone.none);

    const sent = await postForm(server.url, "/settings", rana.cookie, {
      intent: "phone-send",
      phone: "٠٩٤٤ ١٢٣ ٤٥٦",
    });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe("/settings#phone");
    const code = await smsCodeOverHttp(dataDir, "+963944123456");
    const sms = listSmsOutbox(dataDir).find((m) => m.to === "+963944123456");
    expect(sms?.purpose).toBe("verify-phone");

    // The page now asks for the code, for that number.
    const waiting = await html(await getAs(server.url, "/settings", rana.cookie));
    expect(waiting).toContain('data-testid="phone-confirm-form"');
    expect(waiting).toContain("+963 944 123 456");

    // A wrong code spends one try and says how many are left; the shape is checked first.
    const wrong = await postForm(server.url, "/settings", rana.cookie, {
      intent: "phone-confirm",
      phone: "+963944123456",
      code: code === "000000" ? "111111" : "000000",
    });
    expect(wrong.status).toBe(400);
    expect(await html(wrong)).toContain(
      enErrors.PHONE_CODE_WRONG_other.replace("{{formatted}}", "4"),
    );
    const short = await postForm(server.url, "/settings", rana.cookie, {
      intent: "phone-confirm",
      phone: "+963944123456",
      code: "12<b>",
    });
    expect(short.status).toBe(400);
    expect(await html(short)).toContain(enErrors.PHONE_CODE_SHAPE);

    // The right code, as an Arabic keyboard types it.
    const arabic = code.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    const right = await postForm(server.url, "/settings", rana.cookie, {
      intent: "phone-confirm",
      phone: "+963944123456",
      code: ` ${arabic} `,
    });
    expect(right.status).toBe(302);
    const done = await html(await getAs(server.url, "/settings", rana.cookie));
    expect(done).toContain('data-testid="phone-verified"');
    expect(done).toContain(enAccount.settings.phone.verified);
    expect(done).not.toContain('data-testid="phone-confirm-form"');

    // The page budget holds with the card: five statements at most, the profile's own included.
    for (const pathname of ["/settings", "/profile"]) {
      const res = await getAs(server.url, pathname, rana.cookie);
      const queries = /db;desc="sql queries";dur=(\d+)/.exec(
        res.headers.get("server-timing") ?? "",
      );
      expect(Number(queries?.[1]), pathname).toBeLessThanOrEqual(5);
    }
  });

  it("refuses what cannot be texted, in the member's language, and keeps what was typed", async () => {
    const omar = await member("Omar");
    const cases: [string, string][] = [
      ["", enErrors.PHONE_REQUIRED],
      ["<script>alert(1)</script>", enErrors.PHONE_INVALID],
      ["' or 1=1 --", enErrors.PHONE_INVALID],
      ["../../etc/passwd", enErrors.PHONE_INVALID],
      ["9".repeat(5000), enErrors.PHONE_INVALID],
      // A Damascus landline, and a Japanese mobile (not a country Souqna texts by default).
      ["011 222 3333", enErrors.PHONE_NOT_MOBILE],
      ["+81 90 1234 5678", enErrors.PHONE_COUNTRY_NOT_SERVED],
    ];
    for (const [phone, message] of cases) {
      const res = await postForm(server.url, "/settings", omar.cookie, {
        intent: "phone-send",
        phone,
      });
      expect(res.status, phone.slice(0, 30)).toBe(400);
      const page = await html(res);
      expect(page, phone.slice(0, 30)).toContain(inHtml(message));
      if (phone.length < 40) expect(page).toContain(`value="${inHtml(phone)}"`);
    }
    // In Arabic.
    const ar = await fetch(`${server.url}/settings?lang=ar`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        cookie: `${omar.cookie}; souqna_lang=ar`,
      },
      body: new URLSearchParams({ intent: "phone-send", phone: "011 222 3333" }),
      redirect: "manual",
    });
    expect(await html(ar)).toContain(arErrors.PHONE_NOT_MOBILE);
    // Nothing was texted for any of them.
    expect(listSmsOutbox(dataDir).filter((m) => /^\+963112223333$|^\+81/.test(m.to))).toEqual([]);
  });

  it("makes a second code wait, and sends nothing then", async () => {
    const huda = await member("Huda");
    const first = await postForm(server.url, "/settings", huda.cookie, {
      intent: "phone-send",
      phone: "0955 000 111",
    });
    expect(first.status).toBe(302);
    await smsCodeOverHttp(dataDir, "+963955000111");
    const again = await postForm(server.url, "/settings", huda.cookie, {
      intent: "phone-resend",
      phone: "+963955000111",
    });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await html(again)).toContain(enErrors.PHONE_CODE_WAIT_one.replace("{{formatted}}", "1"));
    expect(listSmsOutbox(dataDir).filter((m) => m.to === "+963955000111")).toHaveLength(1);
  });

  it("moves a verified number to the account that proves it, and tells the one that had it", async () => {
    const first = await member("Samir");
    const second = await member("Layla");
    await verifyPhoneOverHttp(server.url, dataDir, first, "0933 444 555");
    // A second code to one number waits a minute, whoever asks: as if it had passed.
    await s.withDatabase((db) =>
      db.execute(sql`update phone_codes set created_at = created_at - interval '2 minutes'`),
    );
    await verifyPhoneOverHttp(server.url, dataDir, second, "+963 933 444 555");

    const samir = await html(await getAs(server.url, "/settings", first.cookie));
    expect(samir).toContain(enAccount.settings.phone.none);
    expect(samir).toContain("Another account proved on");
    const layla = await html(await getAs(server.url, "/settings", second.cookie));
    expect(layla).toContain('data-testid="phone-verified"');

    // Samir hears of it by e-mail (not by SMS: the number is Layla's now).
    const deadline = Date.now() + 30_000;
    let mail: { subject: string; text: string } | undefined;
    while (!mail && Date.now() < deadline) {
      const entry = listOutbox(dataDir).find(
        (m) => m.to.includes(first.email) && m.subject === enMail.phoneTaken.subject,
      );
      if (entry) {
        mail = { subject: entry.subject, text: readOutboxMessage(dataDir, entry.id)?.text ?? "" };
      } else await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(mail?.text).toContain("+963933444555");
    expect(mail?.text).toContain("/settings#phone");
    expect(listOutbox(dataDir).filter((m) => m.to.includes(second.email))).not.toContainEqual(
      expect.objectContaining({ subject: enMail.phoneTaken.subject }),
    );
  });

  it("is for members only", async () => {
    const res = await postForm(server.url, "/settings", "", {
      intent: "phone-send",
      phone: "0944 777 888",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^\/auth\?/);
    expect(listSmsOutbox(dataDir).filter((m) => m.to === "+963944777888")).toEqual([]);
  });
});
