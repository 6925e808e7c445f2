import { count, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { phoneCodes, profiles } from "../../app/db/schema";
import enErrors from "../../app/i18n/locales/en/errors";
import { listSmsOutbox } from "../../app/sms/outbox.server";
import { smsCodeOverHttp } from "../setup/http-members";
import { serverForFile } from "./server";

/*
 * What a script does with "Use my phone number" (decision 037), where no account is needed to
 * start: guess a sign-in code by the thousand at once to take over the number's account, or make
 * account after account from one network (each a text we pay for, each a fresh identity for
 * spam). Guessing compares five tries and no more; one network gets twenty codes a day, and the
 * new accounts from one address are capped as e-mail sign-ups are.
 */
const s = serverForFile({
  TRUST_PROXY: "true",
  SIGN_UPS_PER_IP_PER_HOUR: "3",
  JOB_POLL_SECONDS: "0.5",
});

/** A visitor's POST to the sign-in page from `ip`, with the step cookie `cookie` if any. */
const post = (ip: string, fields: Record<string, string>, cookie = "") =>
  fetch(`${s.url}/auth?tab=phone`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-forwarded-for": ip,
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });

/** The step cookie a reply set, as the next request's Cookie header. */
const stepCookie = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0] ?? "")
    .filter((c) => c.startsWith("souqna_phone_sign_in="))
    .join("; ");

describe("signing in by phone under attack", () => {
  it("compares five guesses of a sign-in code however many arrive at once, and opens no session", async () => {
    const sent = await post("192.0.2.40", { intent: "phone-send", phone: "0933 560 001" });
    expect(sent.status).toBe(302);
    const cookie = stepCookie(sent);
    const code = await smsCodeOverHttp(s.dataDir, "+963933560001");
    const guesses = Array.from({ length: 40 }, (_, n) => String(n).padStart(6, "0")).filter(
      (guess) => guess !== code,
    );
    const answers = await Promise.all(
      guesses.map((guess) =>
        post("192.0.2.40", { intent: "phone-confirm", code: guess }, cookie).then(async (res) => ({
          status: res.status,
          session: res.headers.getSetCookie().some((c) => c.includes("session_token=")),
          html: await res.text(),
        })),
      ),
    );
    expect(answers.filter((a) => a.html.includes("That code is not right."))).toHaveLength(4);
    expect(answers.every((a) => a.status === 400 && !a.session)).toBe(true);
    const [stored] = await s.withDatabase((db) =>
      db
        .select({ attempts: phoneCodes.attempts, usedAt: phoneCodes.usedAt })
        .from(phoneCodes)
        .where(eq(phoneCodes.phone, "+963933560001")),
    );
    expect(stored).toEqual({ attempts: 5, usedAt: null });

    // The right code comes too late, and a new code must wait.
    const late = await post("192.0.2.40", { intent: "phone-confirm", code }, cookie);
    expect(late.status).toBe(400);
    expect(await late.text()).toContain(enErrors.PHONE_CODE_EXPIRED);
    const again = await post("192.0.2.40", { intent: "phone-resend" }, cookie);
    expect(again.status).toBe(429);
    expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(listSmsOutbox(s.dataDir).filter((m) => m.to === "+963933560001")).toHaveLength(1);
  });

  it("a guessed step cookie, or one from another code, does not skip the code", async () => {
    const mine = await post("192.0.2.41", { intent: "phone-send", phone: "0933 560 002" });
    const theirs = await post("192.0.2.42", { intent: "phone-send", phone: "0933 560 003" });
    const theirCode = await smsCodeOverHttp(s.dataDir, "+963933560003");
    // The other number's code typed with my step cookie: wrong for mine.
    const crossed = await post(
      "192.0.2.41",
      { intent: "phone-confirm", code: theirCode },
      stepCookie(mine),
    );
    expect(crossed.status).toBe(400);
    expect(crossed.headers.getSetCookie().some((c) => c.includes("session_token="))).toBe(false);
    // A name without a proven number makes nothing.
    const named = await post(
      "192.0.2.42",
      { intent: "phone-name", fullName: "Nobody" },
      stepCookie(theirs),
    );
    expect(named.status).toBe(400);
    expect(await named.text()).toContain(enErrors.PHONE_SIGN_UP_EXPIRED);
  });

  it("texts twenty numbers a day from one network, and makes three accounts an hour from one address", async () => {
    const statuses: number[] = [];
    const made: number[] = [];
    for (let n = 0; n < 22; n++) {
      const digits = `58${String(n).padStart(2, "0")}00`;
      const phone = `0933 ${digits}`;
      const ip = "198.18.9.7";
      const sent = await post(ip, {
        intent: "phone-signup-send",
        fullName: `Bot ${n}`,
        phone,
      });
      statuses.push(sent.status);
      if (sent.status !== 302 || n >= 5) continue;
      const code = await smsCodeOverHttp(s.dataDir, `+963933${digits}`);
      const confirmed = await post(ip, { intent: "phone-confirm", code }, stepCookie(sent));
      made.push(confirmed.status);
    }
    expect(statuses.filter((status) => status === 302)).toHaveLength(20);
    expect(statuses.slice(20)).toEqual([429, 429]);
    // Three accounts, then "try again later" with Retry-After; the code stays good for later.
    expect(made).toEqual([302, 302, 302, 429, 429]);
    const [accounts] = await s.withDatabase((db) =>
      db.select({ n: count() }).from(profiles).where(eq(profiles.fullName, "Bot 0")),
    );
    expect(accounts?.n).toBe(1);
    const [unspent] = await s.withDatabase((db) =>
      db.select({ n: count() }).from(phoneCodes).where(isNull(phoneCodes.usedAt)),
    );
    expect(unspent?.n).toBeGreaterThanOrEqual(2);
  }, 180_000);
});
