import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { phoneCodes, profiles, users } from "~/db/schema";
import type { AppJobs, JobSender } from "~/jobs/job-types";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { phoneCode } from "./phone-code-limits";
import { confirmPhoneCode, type PhoneCodeSettings, requestPhoneCode } from "./phone-codes.server";
import { updateProfile } from "./update-profile.server";

let database: TestDatabase;
const texts: AppJobs["send-sms"][] = [];
/** The queue as the domain sees it: every text message it asks for, recorded. */
const jobs: JobSender = {
  async send(name, data) {
    if (name === "send-sms") texts.push(data as AppJobs["send-sms"]);
    return { id: crypto.randomUUID(), created: true };
  },
  async sendMany() {},
};

let memberCount = 0;
async function member() {
  const id = `member-${++memberCount}`;
  await database.db.insert(users).values({ id, name: id, email: `${id}@example.com` });
  await database.db.insert(profiles).values({ id, fullName: id });
  return id;
}

let phoneCount = 0;
/** A fresh Syrian mobile number for each test, so the per-number counts start at zero. */
const freshPhone = () => `+96394${String(1000000 + phoneCount++).slice(-7)}`;
let networkCount = 0;
const freshNetwork = () => `net-${++networkCount}`;

const MINUTE = 60_000;
const at = (start: Date, ms: number) => new Date(start.getTime() + ms);
const codeOf = (to: string) => {
  const text = texts.filter((m) => m.to === to).at(-1)?.text ?? "";
  return (
    /\d{6}/.exec(text.replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x660)))?.[0] ??
    ""
  );
};

async function expectCode(promise: Promise<unknown>, code: string, params?: object) {
  await expect(promise).rejects.toMatchObject({
    name: "AppError",
    code,
    ...(params && { params: expect.objectContaining(params) }),
  });
}

function ask(
  memberId: string,
  phone: string,
  now: Date,
  network = freshNetwork(),
  settings?: PhoneCodeSettings,
) {
  return requestPhoneCode({
    db: database.db,
    jobs,
    memberId,
    phone,
    lang: "en",
    network,
    now,
    settings,
  });
}
function confirm(memberId: string, phone: string, code: string, now: Date) {
  return confirmPhoneCode({ db: database.db, memberId, phone, code, now });
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.destroy());

describe("asking for a code", () => {
  it("texts six digits in the member's language, to the number in E.164, and keeps only a hash", async () => {
    const rania = await member();
    const now = new Date();
    const sent = await requestPhoneCode({
      db: database.db,
      jobs,
      memberId: rania,
      phone: "٠٩٤٤ ١٢٣ ٤٥٦",
      lang: "ar",
      network: freshNetwork(),
      now,
    });
    expect(sent.phone).toBe("+963944123456");
    expect(sent.resendAt.getTime() - now.getTime()).toBe(60_000);
    const message = texts.at(-1);
    expect(message).toMatchObject({ to: "+963944123456", lang: "ar", purpose: "verify-phone" });
    expect(message?.text).toContain("سوقنا");
    const code = codeOf("+963944123456");
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await database.db.select().from(phoneCodes).where(eq(phoneCodes.memberId, rania));
    expect(row?.codeHash).not.toContain(code);
    expect(row?.expiresAt.getTime()).toBe(now.getTime() + 10 * MINUTE);
  });

  it("refuses a landline, a country the operator does not serve, and nonsense, with the field to fix", async () => {
    const samer = await member();
    const now = new Date();
    await expectCode(ask(samer, "011 234 5678", now), "PHONE_NOT_MOBILE", { field: "phone" });
    await expectCode(
      ask(samer, "+49 151 23456789", now, freshNetwork(), { countries: ["SY"] }),
      "PHONE_COUNTRY_NOT_SERVED",
    );
    // A mobile range far from where Syrians live: the default list leaves it out (SMS pumping).
    await expectCode(ask(samer, "+675 7012 3456", now), "PHONE_COUNTRY_NOT_SERVED");
    await expectCode(ask(samer, "<script>alert(1)</script>", now), "PHONE_INVALID", {
      field: "phone",
    });
    await expectCode(ask(samer, "", now), "PHONE_INVALID");
    expect(
      await database.db.select().from(phoneCodes).where(eq(phoneCodes.memberId, samer)),
    ).toEqual([]);
  });

  it("makes the member wait 60 s, then longer, between codes to one number", async () => {
    const lina = await member();
    const phone = freshPhone();
    const start = new Date();
    await ask(lina, phone, start);
    await expectCode(ask(lina, phone, at(start, 10_000)), "PHONE_CODE_WAIT", { seconds: 50 });
    const second = await ask(lina, phone, at(start, 61_000));
    expect(second.resendAt.getTime()).toBe(at(start, 61_000 + 120_000).getTime());
    await expectCode(ask(lina, phone, at(start, 61_000 + 119_000)), "PHONE_CODE_WAIT", {
      seconds: 1,
    });
    await ask(lina, phone, at(start, 61_000 + 120_000));
  });

  it("sends at most six codes a day to one number, whoever asks", async () => {
    const phone = freshPhone();
    let now = new Date();
    for (let i = 0; i < phoneCode.perNumberPerDay; i++) {
      await ask(await member(), phone, now);
      now = at(now, 61 * MINUTE);
    }
    await expectCode(ask(await member(), phone, now), "PHONE_CODE_LIMIT");
    // A day after the first, the number may get codes again.
    await ask(await member(), phone, at(now, 24 * 60 * MINUTE));
  });

  it("sends at most ten codes a day for one member, and twenty from one network", async () => {
    const omar = await member();
    const now = new Date();
    for (let i = 0; i < phoneCode.perMemberPerDay; i++) await ask(omar, freshPhone(), now);
    await expectCode(ask(omar, freshPhone(), now), "PHONE_CODE_LIMIT");

    const network = freshNetwork();
    for (let i = 0; i < phoneCode.perNetworkPerDay; i++)
      await ask(await member(), freshPhone(), now, network);
    await expectCode(ask(await member(), freshPhone(), now, network), "PHONE_CODE_LIMIT");
  });

  it("caps the codes to one country an hour across all members (a pumping script)", async () => {
    const settings = { countries: ["JO" as const], perCountryPerHour: 3 };
    const now = new Date();
    const jordan = (n: number) => `+96279${String(1000000 + n).slice(-7)}`;
    for (let n = 0; n < 3; n++) await ask(await member(), jordan(n), now, freshNetwork(), settings);
    await expectCode(
      ask(await member(), jordan(3), now, freshNetwork(), settings),
      "PHONE_CODE_LIMIT",
    );
    await ask(await member(), jordan(4), at(now, 61 * MINUTE), freshNetwork(), settings);
  });

  it("counts exactly when many ask for the same number at once: one code goes out", async () => {
    const phone = freshPhone();
    const now = new Date();
    const members = await Promise.all(Array.from({ length: 8 }, () => member()));
    const before = texts.length;
    const results = await Promise.allSettled(members.map((m) => ask(m, phone, now)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(texts.length - before).toBe(1);
  });
});

describe("confirming a code", () => {
  it("makes the number the member's verified number; the code cannot be used twice", async () => {
    const rania = await member();
    const phone = freshPhone();
    const now = new Date();
    await ask(rania, phone, now);
    const confirmed = await confirm(rania, phone, codeOf(phone), at(now, MINUTE));
    expect(confirmed).toEqual({ phone, takenFrom: [] });
    const [profile] = await database.db.select().from(profiles).where(eq(profiles.id, rania));
    expect(profile?.phoneNumber).toBe(phone);
    expect(profile?.phoneVerifiedAt?.getTime()).toBe(at(now, MINUTE).getTime());
    await expectCode(
      confirm(rania, phone, codeOf(phone), at(now, 2 * MINUTE)),
      "PHONE_CODE_EXPIRED",
    );
  });

  it("accepts the code typed in Arabic-Indic digits with spaces", async () => {
    const samer = await member();
    const phone = freshPhone();
    const now = new Date();
    await ask(samer, phone, now);
    const arabic = codeOf(phone).replace(/\d/g, (d) => String.fromCharCode(0x660 + Number(d)));
    await confirm(samer, phone, ` ${arabic.slice(0, 3)} ${arabic.slice(3)} `, now);
  });

  it("allows five tries, then no more, even with the right code", async () => {
    const lina = await member();
    const phone = freshPhone();
    const now = new Date();
    await ask(lina, phone, now);
    const right = codeOf(phone);
    const wrong = right === "000000" ? "111111" : "000000";
    for (let left = 4; left >= 1; left--)
      await expectCode(confirm(lina, phone, wrong, now), "PHONE_CODE_WRONG", {
        left,
        field: "code",
      });
    await expectCode(confirm(lina, phone, wrong, now), "PHONE_CODE_EXPIRED");
    await expectCode(confirm(lina, phone, right, now), "PHONE_CODE_EXPIRED");
  });

  it("compares at most five guesses when a script sends fifty at once", async () => {
    const omar = await member();
    const phone = freshPhone();
    const now = new Date();
    await ask(omar, phone, now);
    const right = codeOf(phone);
    const guesses = Array.from({ length: 50 }, (_, i) =>
      String((Number(right) + 1 + i) % 1_000_000).padStart(6, "0"),
    );
    await Promise.allSettled(guesses.map((g) => confirm(omar, phone, g, now)));
    const [row] = await database.db.select().from(phoneCodes).where(eq(phoneCodes.phone, phone));
    expect(row?.attempts).toBe(phoneCode.maxAttempts);
    await expectCode(confirm(omar, phone, right, now), "PHONE_CODE_EXPIRED");
  });

  it("refuses a code after ten minutes", async () => {
    const nour = await member();
    const phone = freshPhone();
    const now = new Date();
    await ask(nour, phone, now);
    await expectCode(
      confirm(nour, phone, codeOf(phone), at(now, 10 * MINUTE)),
      "PHONE_CODE_EXPIRED",
    );
  });

  it("is the member's own: another member cannot use a code sent for them", async () => {
    const owner = await member();
    const other = await member();
    const phone = freshPhone();
    const now = new Date();
    await ask(owner, phone, now);
    await expectCode(confirm(other, phone, codeOf(phone), now), "PHONE_CODE_EXPIRED");
  });

  it("takes a number from the account that held it only once the new holder types the code", async () => {
    const first = await member();
    const second = await member();
    const phone = freshPhone();
    const now = new Date();
    await ask(first, phone, now);
    await confirm(first, phone, codeOf(phone), now);
    await ask(second, phone, at(now, 2 * MINUTE));
    const [stillFirst] = await database.db.select().from(profiles).where(eq(profiles.id, first));
    expect(stillFirst?.phoneVerifiedAt).not.toBeNull();
    const confirmed = await confirm(second, phone, codeOf(phone), at(now, 3 * MINUTE));
    expect(confirmed.takenFrom).toEqual([first]);
    const rows = await database.db.select().from(profiles).where(eq(profiles.phoneNumber, phone));
    expect(rows.map((r) => r.id)).toEqual([second]);
  });

  it("a changed number is unverified until confirmed again; the same number keeps its mark", async () => {
    const rania = await member();
    const phone = freshPhone();
    const now = new Date();
    await ask(rania, phone, now);
    await confirm(rania, phone, codeOf(phone), now);
    const save = (phoneNumber: string) =>
      updateProfile({
        db: database.db,
        memberId: rania,
        input: { fullName: "Rania", username: "", location: "", phoneNumber },
        dataDir: "/nonexistent",
      });
    await save(phone);
    let [profile] = await database.db.select().from(profiles).where(eq(profiles.id, rania));
    expect(profile?.phoneVerifiedAt).not.toBeNull();
    await save(freshPhone());
    [profile] = await database.db.select().from(profiles).where(eq(profiles.id, rania));
    expect(profile?.phoneVerifiedAt).toBeNull();
  });
});
