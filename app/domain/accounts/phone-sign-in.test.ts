import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { phoneCodes, profiles, sessions, users } from "~/db/schema";
import { mailRecipient } from "~/domain/notifications/mail-recipient.server";
import type { AppJobs, JobSender } from "~/jobs/job-types";
import { queueMail } from "~/mail/queue-mail.server";
import { isUndeliverableAddress } from "~/utils/undeliverable-address";
import { asBrowser, createTestAuth } from "../../../tests/factories/auth";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { addEmail } from "./add-email.server";
import { confirmEmail } from "./confirm-email.server";
import { requestPasswordReset } from "./password-reset.server";
import { phoneCode } from "./phone-code-limits";
import { requestPhoneCode } from "./phone-codes.server";
import {
  completePhoneSignUp,
  confirmSignInCode,
  NAME_STEP_SECONDS,
  openPhoneSession,
  requestSignInCode,
  signInStep,
} from "./phone-sign-in.server";
import { getMember } from "./session.server";

let database: TestDatabase;
let kit: ReturnType<typeof createTestAuth>;
const texts: AppJobs["send-sms"][] = [];
/** Texts are recorded; mail runs inline through the test mailer (kit.sent). */
let jobs: JobSender;

beforeAll(async () => {
  database = await createTestDatabase();
  kit = createTestAuth(database);
  jobs = {
    async send(name, data, options) {
      if (name === "send-sms") {
        texts.push(data as AppJobs["send-sms"]);
        return { id: crypto.randomUUID(), created: true };
      }
      return kit.jobs.send(name, data, options);
    },
    sendMany: kit.jobs.sendMany,
  };
});
afterAll(() => database?.destroy());

let phoneCount = 0;
/** A fresh Syrian mobile number (national and E.164) for each test. */
function freshPhone() {
  const digits = String(5500000 + phoneCount++).slice(-7);
  return {
    local: `093${digits.slice(0, 1)} ${digits.slice(1, 4)} ${digits.slice(4)}`,
    e164: `+96393${digits}`,
  };
}
let networkCount = 0;
const freshNetwork = () => `sign-in-net-${++networkCount}`;
let ipCount = 0;
const freshIp = () => `10.9.${Math.floor(ipCount / 250)}.${ipCount++ % 250}`;

const MINUTE = 60_000;
const at = (start: Date, ms: number) => new Date(start.getTime() + ms);
const codeOf = (to: string) =>
  /\d{6}/.exec(texts.filter((m) => m.to === to).at(-1)?.text ?? "")?.[0] ?? "";
const wrongCode = (code: string) => (code === "000000" ? "111111" : "000000");

async function expectCode(promise: Promise<unknown>, code: string, params?: object) {
  await expect(promise).rejects.toMatchObject({
    name: "AppError",
    code,
    ...(params && { params: expect.objectContaining(params) }),
  });
}

function ask(phone: string, now = new Date(), network = freshNetwork()) {
  return requestSignInCode({ db: database.db, jobs, phone, lang: "en", network, now });
}
function confirm(
  codeId: string,
  code: string,
  options: { name?: string; now?: Date; ip?: string; maxPerIp?: number } = {},
) {
  return confirmSignInCode({
    db: database.db,
    codeId,
    code,
    lang: "ar",
    ip: options.ip ?? freshIp(),
    ...options,
  });
}

/** A member who signed up by e-mail and verified `phone` in Settings. */
async function memberWithPhone(phone: string, extra: Partial<typeof users.$inferInsert> = {}) {
  const id = `phone-holder-${crypto.randomUUID()}`;
  await database.db
    .insert(users)
    .values({ id, name: "Holder", email: `${id}@example.com`, emailVerified: true, ...extra });
  await database.db
    .insert(profiles)
    .values({ id, fullName: "Holder", phoneNumber: phone, phoneVerifiedAt: new Date() });
  return id;
}

async function newAccountByPhone(name = "سامر") {
  const phone = freshPhone();
  const sent = await ask(phone.local);
  const outcome = await confirm(sent.id, codeOf(phone.e164), { name });
  if (outcome.outcome !== "created")
    throw new Error(`expected a new account, got ${outcome.outcome}`);
  return { phone, memberId: outcome.memberId };
}

describe("signing up with a phone number", () => {
  it("an unknown number: the code, then a name, makes a working account with the number verified and no e-mail", async () => {
    const phone = freshPhone();
    const sent = await ask(phone.local);
    expect(sent.phone).toBe(phone.e164);
    expect(texts.at(-1)).toMatchObject({ to: phone.e164, purpose: "sign-in", lang: "en" });
    expect(await signInStep({ db: database.db, codeId: sent.id })).toEqual({
      step: "code",
      phone: phone.e164,
    });

    // Arabic-Indic digits are accepted when the code is typed back.
    const arabic = codeOf(phone.e164).replace(/\d/g, (d) => String.fromCharCode(0x660 + Number(d)));
    expect(await confirm(sent.id, arabic)).toEqual({ outcome: "needs-name" });
    expect(await signInStep({ db: database.db, codeId: sent.id })).toEqual({
      step: "name",
      phone: phone.e164,
    });

    const made = await completePhoneSignUp({
      db: database.db,
      codeId: sent.id,
      name: "رانيا",
      lang: "ar",
      ip: freshIp(),
    });
    expect(made.outcome).toBe("created");
    if (made.outcome !== "created") return;
    const [account] = await database.db
      .select({
        name: users.name,
        email: users.email,
        emailVerified: users.emailVerified,
        phone: profiles.phoneNumber,
        phoneVerifiedAt: profiles.phoneVerifiedAt,
        lang: profiles.preferredLanguage,
        fullName: profiles.fullName,
      })
      .from(users)
      .innerJoin(profiles, eq(profiles.id, users.id))
      .where(eq(users.id, made.memberId));
    expect(account).toMatchObject({
      name: "رانيا",
      fullName: "رانيا",
      email: `${made.memberId}@phone.invalid`,
      emailVerified: false,
      phone: phone.e164,
      lang: "ar",
    });
    expect(account?.phoneVerifiedAt).toBeInstanceOf(Date);

    // The session works like any other: the member is signed in.
    const cookies = await openPhoneSession({
      db: database.db,
      auth: kit.auth,
      memberId: made.memberId,
      headers: new Headers(),
    });
    expect(cookies.join("\n")).toMatch(/souqna\.session_token=.+HttpOnly/i);
    const member = await getMember({
      auth: kit.auth,
      db: database.db,
      request: new Request("http://localhost:3000/", { headers: asBrowser(cookies) }),
    });
    expect(member?.id).toBe(made.memberId);

    // The step is over: the same proof makes no second account.
    expect(await signInStep({ db: database.db, codeId: sent.id })).toBeNull();
    await expectCode(
      completePhoneSignUp({
        db: database.db,
        codeId: sent.id,
        name: "x",
        lang: "en",
        ip: freshIp(),
      }),
      "PHONE_SIGN_UP_EXPIRED",
    );
  });

  it("with the name given up front (the sign-up form), the code makes the account at once", async () => {
    const { phone, memberId } = await newAccountByPhone("Samer");
    const [profile] = await database.db.select().from(profiles).where(eq(profiles.id, memberId));
    expect(profile?.phoneNumber).toBe(phone.e164);
    // Signing in again by phone reaches the same account.
    const again = await ask(phone.e164, at(new Date(), 2 * MINUTE));
    expect(
      await confirm(again.id, codeOf(phone.e164), { now: at(new Date(), 2 * MINUTE) }),
    ).toEqual({
      outcome: "signed-in",
      memberId,
    });
  });

  it("a proven number waits 15 minutes for its name, and a double submit makes one account", async () => {
    const phone = freshPhone();
    const now = new Date();
    const sent = await ask(phone.e164, now);
    await confirm(sent.id, codeOf(phone.e164), { now });
    const late = at(now, NAME_STEP_SECONDS * 1000 + 1000);
    expect(await signInStep({ db: database.db, codeId: sent.id, now: late })).toBeNull();
    await expectCode(
      completePhoneSignUp({
        db: database.db,
        codeId: sent.id,
        name: "A",
        lang: "en",
        ip: freshIp(),
        now: late,
      }),
      "PHONE_SIGN_UP_EXPIRED",
    );

    const other = freshPhone();
    const second = await ask(other.e164);
    await confirm(second.id, codeOf(other.e164));
    const twice = await Promise.allSettled(
      [1, 2].map(() =>
        completePhoneSignUp({
          db: database.db,
          codeId: second.id,
          name: "B",
          lang: "en",
          ip: freshIp(),
        }),
      ),
    );
    expect(twice.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const holders = await database.db
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.phoneNumber, other.e164));
    expect(holders).toHaveLength(1);
  });

  it("new accounts are limited per address like e-mail sign-ups; the refused code is not spent", async () => {
    const ip = freshIp();
    for (let i = 0; i < 2; i++) {
      const phone = freshPhone();
      const sent = await ask(phone.e164);
      await confirm(sent.id, codeOf(phone.e164), { name: `N${i}`, ip, maxPerIp: 2 });
    }
    const phone = freshPhone();
    const sent = await ask(phone.e164);
    await expectCode(
      confirm(sent.id, codeOf(phone.e164), { name: "Third", ip, maxPerIp: 2 }),
      "RATE_LIMITED",
    );
    expect(await signInStep({ db: database.db, codeId: sent.id })).toMatchObject({ step: "code" });
  });
});

describe("signing in with a phone number", () => {
  it("a verified number signs in to its account, and the browser's previous session is revoked", async () => {
    const phone = freshPhone();
    const holder = await memberWithPhone(phone.e164);
    const sent = await ask(phone.local);
    expect(await confirm(sent.id, codeOf(phone.e164), { name: "Someone else" })).toEqual({
      outcome: "signed-in",
      memberId: holder,
    });
    // The name typed on the sign-up form changed nothing.
    const [user] = await database.db.select().from(users).where(eq(users.id, holder));
    expect(user?.name).toBe("Holder");

    const first = await openPhoneSession({
      db: database.db,
      auth: kit.auth,
      memberId: holder,
      headers: new Headers(),
    });
    const second = await openPhoneSession({
      db: database.db,
      auth: kit.auth,
      memberId: holder,
      headers: asBrowser(first),
    });
    expect(second).not.toEqual(first);
    const left = await database.db.select().from(sessions).where(eq(sessions.userId, holder));
    expect(left).toHaveLength(1);
  });

  it("an unverified number on someone's profile is not theirs to sign in with: it makes a new account", async () => {
    const phone = freshPhone();
    const id = `unverified-${crypto.randomUUID()}`;
    await database.db.insert(users).values({ id, name: "U", email: `${id}@example.com` });
    await database.db.insert(profiles).values({ id, fullName: "U", phoneNumber: phone.e164 });
    const sent = await ask(phone.e164);
    expect(await confirm(sent.id, codeOf(phone.e164))).toEqual({ outcome: "needs-name" });
  });

  it("a suspended account is refused once the code is right, and gets no session", async () => {
    const phone = freshPhone();
    await memberWithPhone(phone.e164, { suspendedAt: new Date() });
    const sent = await ask(phone.e164);
    await expectCode(confirm(sent.id, codeOf(phone.e164)), "ACCOUNT_SUSPENDED");
    // The code is spent: it cannot be tried again.
    await expectCode(confirm(sent.id, codeOf(phone.e164)), "PHONE_CODE_EXPIRED");
  });

  it("a wrong code says the tries left; the fifth wrong one ends the code, and so do ten minutes", async () => {
    const phone = freshPhone();
    await memberWithPhone(phone.e164);
    const now = new Date();
    const sent = await ask(phone.e164, now);
    const code = codeOf(phone.e164);
    for (let left = phoneCode.maxAttempts - 1; left >= 1; left--)
      await expectCode(confirm(sent.id, wrongCode(code), { now }), "PHONE_CODE_WRONG", { left });
    await expectCode(confirm(sent.id, wrongCode(code), { now }), "PHONE_CODE_EXPIRED");
    // Even the right code is too late now.
    await expectCode(confirm(sent.id, code, { now }), "PHONE_CODE_EXPIRED");
    expect(await signInStep({ db: database.db, codeId: sent.id, now })).toMatchObject({
      step: "dead",
    });

    const later = at(now, 20 * MINUTE);
    const next = await ask(phone.e164, later);
    await expectCode(
      confirm(next.id, codeOf(phone.e164), { now: at(later, 10 * MINUTE + 1000) }),
      "PHONE_CODE_EXPIRED",
    );
  });

  it("hostile input is refused before anything is sent or spent", async () => {
    await expectCode(ask("<script>alert(1)</script>"), "PHONE_INVALID", { field: "phone" });
    await expectCode(ask("9".repeat(5000)), "PHONE_INVALID");
    await expectCode(ask("011 234 5678"), "PHONE_NOT_MOBILE");
    await expectCode(confirm(crypto.randomUUID(), "12345"), "PHONE_CODE_WRONG");
    await expectCode(confirm(crypto.randomUUID(), "123456"), "PHONE_CODE_EXPIRED");
  });

  it("a code sent to verify a number in Settings cannot sign anyone in", async () => {
    const phone = freshPhone();
    const holder = await memberWithPhone(freshPhone().e164);
    await requestPhoneCode({
      db: database.db,
      jobs,
      memberId: holder,
      phone: phone.e164,
      lang: "en",
      network: freshNetwork(),
    });
    const [row] = await database.db
      .select({ id: phoneCodes.id })
      .from(phoneCodes)
      .where(and(eq(phoneCodes.phone, phone.e164), eq(phoneCodes.purpose, "verify")));
    await expectCode(confirm(row!.id, codeOf(phone.e164)), "PHONE_CODE_EXPIRED");
    expect(await signInStep({ db: database.db, codeId: row!.id })).toBeNull();
  });
});

describe("nobody learns whether a number has an account", () => {
  it("asking answers alike, texts the same words and writes the same row, member or not", async () => {
    const known = freshPhone();
    await memberWithPhone(known.e164);
    const unknown = freshPhone();
    const now = new Date();
    const a = await ask(known.e164, now);
    const b = await ask(unknown.e164, now);
    expect(Object.keys(a).sort()).toEqual(Object.keys(b).sort());
    expect(a.resendAt.getTime()).toBe(b.resendAt.getTime());
    const textA = texts.find((m) => m.to === known.e164)?.text.replace(/\d{6}/, "#");
    const textB = texts.find((m) => m.to === unknown.e164)?.text.replace(/\d{6}/, "#");
    expect(textA).toBe(textB);
    const rows = await database.db
      .select({ memberId: phoneCodes.memberId, purpose: phoneCodes.purpose })
      .from(phoneCodes)
      .where(eq(phoneCodes.id, a.id));
    expect(rows).toEqual([{ memberId: null, purpose: "sign-in" }]);
    // Wrong codes answer alike too.
    await expectCode(confirm(a.id, wrongCode(codeOf(known.e164))), "PHONE_CODE_WRONG", { left: 4 });
    await expectCode(confirm(b.id, wrongCode(codeOf(unknown.e164))), "PHONE_CODE_WRONG", {
      left: 4,
    });
  });
});

describe("limits shared with verifying a number", () => {
  it("a code to verify a number makes a sign-in code to it wait, and the reverse", async () => {
    const phone = freshPhone();
    const holder = await memberWithPhone(freshPhone().e164);
    const now = new Date();
    await requestPhoneCode({
      db: database.db,
      jobs,
      memberId: holder,
      phone: phone.e164,
      lang: "en",
      network: freshNetwork(),
      now,
    });
    await expectCode(ask(phone.e164, at(now, 10_000)), "PHONE_CODE_WAIT", { field: "phone" });

    const other = freshPhone();
    await ask(other.e164, now);
    await expectCode(
      requestPhoneCode({
        db: database.db,
        jobs,
        memberId: holder,
        phone: other.e164,
        lang: "en",
        network: freshNetwork(),
        now: at(now, 10_000),
      }),
      "PHONE_CODE_WAIT",
    );
  });

  it("one network gets 20 codes a day, sign-in and verify together", async () => {
    const network = freshNetwork();
    const holder = await memberWithPhone(freshPhone().e164);
    const now = new Date();
    for (let i = 0; i < phoneCode.perNetworkPerDay / 2; i++) {
      await ask(freshPhone().e164, now, network);
      await requestPhoneCode({
        db: database.db,
        jobs,
        memberId: i < 9 ? holder : await memberWithPhone(freshPhone().e164),
        phone: freshPhone().e164,
        lang: "en",
        network,
        now,
      });
    }
    await expectCode(ask(freshPhone().e164, now, network), "PHONE_CODE_LIMIT");
  });

  it("one number gets 6 codes a day, however they are asked for", async () => {
    const phone = freshPhone();
    let now = new Date();
    for (let i = 0; i < phoneCode.perNumberPerDay; i++) {
      await ask(phone.e164, now);
      now = at(now, 61 * MINUTE);
    }
    await expectCode(ask(phone.e164, now), "PHONE_CODE_LIMIT");
  });
});

describe("an account made with a phone alone and e-mail", () => {
  it("its placeholder address is never mailed, whatever the kind", async () => {
    const { memberId } = await newAccountByPhone();
    const placeholder = `${memberId}@phone.invalid`;
    expect(isUndeliverableAddress(placeholder)).toBe(true);
    const before = kit.sent.length;
    const queued = await queueMail(jobs, {
      to: placeholder,
      lang: "en",
      template: { kind: "password-changed", name: "x", when: new Date() },
    });
    expect(queued.created).toBe(false);
    await requestPasswordReset({
      db: database.db,
      auth: kit.auth,
      email: placeholder,
      ip: freshIp(),
    });
    expect(kit.sent.length).toBe(before);
    // And the mail job refuses it even if something queued it (every mail passes there).
    expect(await mailRecipient(database.db, placeholder, "reset-password")).toEqual({
      send: false,
      confirmed: false,
    });
  });

  it("adding an e-mail replaces the placeholder and mails a link; confirming it opens e-mail notices", async () => {
    const { memberId } = await newAccountByPhone("Lina");
    const cookies = await openPhoneSession({
      db: database.db,
      auth: kit.auth,
      memberId,
      headers: new Headers(),
    });
    const headers = asBrowser(cookies);
    const member = await getMember({
      auth: kit.auth,
      db: database.db,
      request: new Request("http://localhost:3000/settings", { headers }),
    });
    const address = `lina-${memberId.slice(0, 6)}@example.com`;
    await addEmail({
      auth: kit.auth,
      db: database.db,
      member: member!,
      email: address,
      ip: freshIp(),
      headers,
    });
    const [user] = await database.db.select().from(users).where(eq(users.id, memberId));
    expect(user).toMatchObject({ email: address, emailVerified: false });
    expect(await mailRecipient(database.db, address, "saved-search-alert")).toMatchObject({
      send: false,
    });
    const link = kit.linkFor(address, /\/auth\/confirm\?token=/);
    await confirmEmail({ auth: kit.auth, token: link.searchParams.get("token") ?? "" });
    expect(await mailRecipient(database.db, address, "saved-search-alert")).toEqual({
      send: true,
      confirmed: true,
    });

    // Only the placeholder can be replaced this way.
    const now = await getMember({
      auth: kit.auth,
      db: database.db,
      request: new Request("http://localhost:3000/settings", { headers }),
    });
    await expectCode(
      addEmail({
        auth: kit.auth,
        db: database.db,
        member: now!,
        email: "other@example.com",
        ip: freshIp(),
        headers,
      }),
      "FORBIDDEN",
    );
  });
});
