import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { phoneCodes, users } from "../../app/db/schema";
import enErrors from "../../app/i18n/locales/en/errors";
import { listSmsOutbox } from "../../app/sms/outbox.server";
import { signUpOverHttp, smsCodeOverHttp } from "../setup/http-members";
import { serverForFile } from "./server";

/*
 * What a script does with "text me a code" (decision 036): guess a code by the thousand at once;
 * make us text premium-rate, satellite and far-away numbers that pay their owner per message (SMS
 * pumping); or open account after account on one connection to text numbers without end. Each
 * costs us money per message, so each is refused before a message is queued.
 */
const s = serverForFile({
  TRUST_PROXY: "true",
  SIGN_UPS_PER_IP_PER_HOUR: "1000",
  JOB_POLL_SECONDS: "0.5",
});

const settings = (cookie: string, ip: string, fields: Record<string, string>) =>
  fetch(`${s.url}/settings`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie,
      "x-forwarded-for": ip,
    },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });

let serial = 0;
const member = () => {
  serial += 1;
  return signUpOverHttp(s.url, {
    name: `Pumper ${serial}`,
    email: `pump-${serial}-${Date.now()}@example.com`,
  });
};

describe("phone codes under attack", () => {
  it("compare five guesses of a code however many arrive at once, then the code is dead", async () => {
    const victim = await member();
    const sent = await settings(victim.cookie, "192.0.2.10", {
      intent: "phone-send",
      phone: "0944 000 001",
    });
    expect(sent.status).toBe(302);
    const code = await smsCodeOverHttp(s.dataDir, "+963944000001");
    const guesses = Array.from({ length: 40 }, (_, n) => String(n).padStart(6, "0")).filter(
      (guess) => guess !== code,
    );
    const answers = await Promise.all(
      guesses.map((guess) =>
        settings(victim.cookie, "192.0.2.10", {
          intent: "phone-confirm",
          phone: "+963944000001",
          code: guess,
        }).then(async (res) => ({ status: res.status, html: await res.text() })),
      ),
    );
    // Exactly five were compared: four say how many tries are left, the fifth and every other
    // one find the code spent; the right code after them too.
    const compared = answers.filter((a) => a.html.includes("That code is not right."));
    expect(compared).toHaveLength(4);
    expect(answers.every((a) => a.status === 400)).toBe(true);
    const [stored] = await s.withDatabase((db) =>
      db
        .select({ attempts: phoneCodes.attempts })
        .from(phoneCodes)
        .where(eq(phoneCodes.phone, "+963944000001")),
    );
    expect(stored?.attempts).toBe(5);
    const late = await settings(victim.cookie, "192.0.2.10", {
      intent: "phone-confirm",
      phone: "+963944000001",
      code,
    });
    expect(late.status).toBe(400);
    // Said on the page, where the code form was (not only in the page's data).
    expect(await late.text()).toMatch(
      new RegExp(
        `role="alert"[^>]*>(<div[^>]*>)?${enErrors.PHONE_CODE_EXPIRED.replace(/[.?]/g, "\\$&")}<`,
      ),
    );
    const page = await (
      await fetch(`${s.url}/settings`, { headers: { cookie: victim.cookie } })
    ).text();
    expect(page).not.toContain('data-testid="phone-verified"');
  });

  it("never texts premium-rate, satellite, landline or unserved numbers", async () => {
    const pumper = await member();
    const numbers: [string, string][] = [
      // United Kingdom premium rate and personal numbering, US toll-free: not mobiles.
      ["+44 909 879 0000", enErrors.PHONE_NOT_MOBILE],
      ["+44 70 1234 5678", enErrors.PHONE_NOT_MOBILE],
      ["+1 800 555 0199", enErrors.PHONE_NOT_MOBILE],
      // A Damascus landline.
      ["+963 11 231 1111", enErrors.PHONE_NOT_MOBILE],
      // Mobiles in countries Souqna does not text by default: Cuba, Somalia, Papua New Guinea.
      ["+53 5 123 4567", enErrors.PHONE_COUNTRY_NOT_SERVED],
      ["+252 61 123 4567", enErrors.PHONE_COUNTRY_NOT_SERVED],
      ["+675 7012 3456", enErrors.PHONE_COUNTRY_NOT_SERVED],
      // Inmarsat and Iridium satellite phones: no country at all.
      ["+870 773 111 111", enErrors.PHONE_COUNTRY_NOT_SERVED],
      ["+881 631 234 567", enErrors.PHONE_COUNTRY_NOT_SERVED],
    ];
    for (const [phone, message] of numbers) {
      const res = await settings(pumper.cookie, "192.0.2.20", { intent: "phone-send", phone });
      expect(res.status, phone).toBe(400);
      expect(await res.text(), phone).toContain(message.replaceAll("'", "&#x27;"));
    }
    const [row] = await s.withDatabase(async (db) =>
      db
        .select({ n: count() })
        .from(phoneCodes)
        .innerJoin(users, eq(users.id, phoneCodes.memberId))
        .where(eq(users.email, pumper.email)),
    );
    expect(row?.n).toBe(0);
    expect(listSmsOutbox(s.dataDir).filter((sms) => !sms.to.startsWith("+963"))).toEqual([]);
  });

  it("texts twenty numbers a day from one network, however many accounts it opens", async () => {
    const sent: number[] = [];
    for (let n = 0; n < 22; n++) {
      const account = await member();
      const res = await settings(account.cookie, `198.18.7.${n + 1}`, {
        intent: "phone-send",
        phone: `0955 100 ${String(n).padStart(3, "0")}`,
      });
      sent.push(res.status);
    }
    expect(sent.filter((status) => status === 302)).toHaveLength(20);
    expect(sent.slice(20)).toEqual([429, 429]);
  }, 120_000);

  it("texts one account ten numbers a day, from whatever networks it asks", async () => {
    const account = await member();
    const sent: number[] = [];
    for (let n = 0; n < 11; n++) {
      const res = await settings(account.cookie, `10.${n + 1}.0.1`, {
        intent: "phone-send",
        phone: `0966 200 ${String(n).padStart(3, "0")}`,
      });
      sent.push(res.status);
    }
    expect(sent.slice(0, 10)).toEqual(Array(10).fill(302));
    expect(sent[10]).toBe(429);
  }, 120_000);
});
