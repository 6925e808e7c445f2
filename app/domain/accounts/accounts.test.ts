import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listings, profiles, rateLimits, sessions, users, verifications } from "~/db/schema";
import { createListing } from "~/domain/listings/create-listing.server";
import { noLiveEvents } from "~/domain/messaging/live-events";
import { stageMessagePhoto } from "~/domain/messaging/message-photos.server";
import { sendMessage } from "~/domain/messaging/send-message.server";
import { startConversation } from "~/domain/messaging/start-conversation.server";
import { createLocalStorage } from "~/media/storage.server";
import { asBrowser, createTestAuth, testEnv } from "../../../tests/factories/auth";
import { refusingJobs } from "../../../tests/factories/jobs";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { limits } from "./abuse-limits";
import { createAuth } from "./auth.server";
import { changePassword } from "./change-password.server";
import { confirmEmail, resendConfirmation } from "./confirm-email.server";
import { deleteAccount } from "./delete-account.server";
import { requestPasswordReset, resetPassword } from "./password-reset.server";
import { hitRateLimit, hitRateLimits, type RateLimitRule } from "./rate-limit.server";
import { getMember, requireMember, safeRedirect } from "./session.server";
import { signIn } from "./sign-in.server";
import { signOutEverywhere } from "./sign-out.server";
import { signUp } from "./sign-up.server";

let database: TestDatabase;
let kit: ReturnType<typeof createTestAuth>;
let ipCounter = 0;
const freshIp = () => `10.0.${Math.floor(ipCounter / 250)}.${ipCounter++ % 250}`;

beforeAll(async () => {
  database = await createTestDatabase();
  kit = createTestAuth(database);
});
afterAll(() => database.destroy());

const request = (headers: Headers, path = "/profile") =>
  new Request(`http://localhost:3000${path}`, { headers });

async function register(email: string, lang: "en" | "ar" = "en", password = "Correct-Horse-42") {
  const cookies = await signUp({
    db: database.db,
    auth: kit.auth,
    ...kit.signUpKit,
    input: { fullName: "رانيا حداد", email, password },
    lang,
    ip: freshIp(),
  });
  return { cookies, password };
}

/** `field`: the form field the failure is shown under, when it belongs to one. */
async function expectCode(promise: Promise<unknown>, code: string, field?: string) {
  await expect(promise).rejects.toMatchObject({ name: "AppError", code, ...(field && { field }) });
}

describe("sign-up", () => {
  it("creates a usable, signed-in account with a profile and mails a confirmation link in the member's language", async () => {
    const { cookies } = await register("rania@example.com", "ar");
    const member = await getMember({
      auth: kit.auth,
      db: database.db,
      request: request(asBrowser(cookies)),
    });
    expect(member).toMatchObject({
      email: "rania@example.com",
      name: "رانيا حداد",
      emailVerified: false,
      role: "member",
    });
    const [profile] = await database.db.select().from(profiles).where(eq(profiles.id, member!.id));
    expect(profile).toMatchObject({ fullName: "رانيا حداد", preferredLanguage: "ar" });
    const mail = kit.sent.at(-1)!;
    expect(mail).toMatchObject({ to: "rania@example.com", lang: "ar" });
    expect(kit.linkFor("rania@example.com", /\/auth\/confirm\?token=/).origin).toBe(
      "http://localhost:3000",
    );
  });

  it("sets the session cookie HttpOnly and SameSite=Lax", async () => {
    const { cookies } = await register("cookie@example.com");
    const session = cookies.find((c) => c.includes("session_token"))!;
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
  });

  it("answers an address that already has an account as any other, and tells its owner", async () => {
    const before = kit.sent.length;
    const { cookies } = await register("rania@example.com");
    // No "already exists" and no session: nothing was made, and nothing tells who is a member.
    expect(cookies).toEqual([]);
    const [row] = await database.db
      .select({ n: count() })
      .from(users)
      .where(eq(users.email, "rania@example.com"));
    expect(row?.n).toBe(1);
    const told = kit.sent.slice(before);
    expect(told).toHaveLength(1);
    // In the owner's own language (Arabic, chosen at her sign-up), with a link to sign in.
    expect(told[0]).toMatchObject({ to: "rania@example.com", lang: "ar" });
    expect(told[0]?.subject).toContain("حاول شخص ما");
    expect(told[0]?.text).toContain("/auth");
  });

  it("refuses one of the most common passwords", async () => {
    await expectCode(register("common@example.com", "en", "password123"), "PASSWORD_TOO_COMMON");
    await expectCode(register("common2@example.com", "en", "Qwertyuiop"), "PASSWORD_TOO_COMMON");
    const [row] = await database.db
      .select({ n: count() })
      .from(users)
      .where(eq(users.email, "common@example.com"));
    expect(row?.n).toBe(0);
  });
});

describe("e-mail confirmation", () => {
  it("confirms with the link from the mail, and the link is refused when tampered with", async () => {
    await register("confirm@example.com");
    const link = kit.linkFor("confirm@example.com", /\/auth\/confirm/);
    const token = link.searchParams.get("token")!;
    await expectCode(
      confirmEmail({ auth: kit.auth, token: `${token}x` }),
      "INVALID_CONFIRMATION_LINK",
    );
    await confirmEmail({ auth: kit.auth, token });
    const [user] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, "confirm@example.com"));
    expect(user?.emailVerified).toBe(true);
  });

  it("resends for a member and answers the same for a stranger", async () => {
    const before = kit.sent.length;
    await resendConfirmation({
      db: database.db,
      auth: kit.auth,
      email: "rania@example.com",
      ip: freshIp(),
    });
    expect(kit.sent.length).toBe(before + 1);
    await expect(
      resendConfirmation({
        db: database.db,
        auth: kit.auth,
        email: "nobody@example.com",
        ip: freshIp(),
      }),
    ).resolves.toBeUndefined();
    expect(kit.sent.length).toBe(before + 1);
  });
});

describe("sign-in", () => {
  beforeAll(async () => {
    await register("samer@example.com");
  });

  it("refuses a wrong password and an unknown e-mail with the same message", async () => {
    const input = { email: "samer@example.com", password: "Wrong-password-1" };
    await expectCode(
      signIn({ db: database.db, auth: kit.auth, input, ip: freshIp(), headers: new Headers() }),
      "INVALID_CREDENTIALS",
    );
    await expectCode(
      signIn({
        db: database.db,
        auth: kit.auth,
        input: { ...input, email: "ghost@example.com" },
        ip: freshIp(),
        headers: new Headers(),
      }),
      "INVALID_CREDENTIALS",
    );
  });

  it("opens a new session and revokes the one the browser already had", async () => {
    const input = { email: "samer@example.com", password: "Correct-Horse-42" };
    const first = await signIn({
      db: database.db,
      auth: kit.auth,
      input,
      ip: freshIp(),
      headers: new Headers(),
    });
    const second = await signIn({
      db: database.db,
      auth: kit.auth,
      input,
      ip: freshIp(),
      headers: asBrowser(first),
    });
    expect(
      await getMember({ auth: kit.auth, db: database.db, request: request(asBrowser(first)) }),
    ).toBeNull();
    expect(
      await getMember({ auth: kit.auth, db: database.db, request: request(asBrowser(second)) }),
    ).not.toBeNull();
  });

  it("refuses a suspended member and ends their sessions", async () => {
    const { cookies } = await register("suspended@example.com");
    await database.db
      .update(users)
      .set({ suspendedAt: new Date() })
      .where(eq(users.email, "suspended@example.com"));
    expect(
      await getMember({ auth: kit.auth, db: database.db, request: request(asBrowser(cookies)) }),
    ).toBeNull();
    await expectCode(
      signIn({
        db: database.db,
        auth: kit.auth,
        input: { email: "suspended@example.com", password: "Correct-Horse-42" },
        ip: freshIp(),
        headers: new Headers(),
      }),
      "ACCOUNT_SUSPENDED",
    );
    const [left] = await database.db
      .select({ n: count() })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(users.email, "suspended@example.com"));
    expect(left?.n).toBe(0);
  });

  it("limits wrong passwords per account and address, never locking the owner out", async () => {
    const attacker = freshIp();
    const attempt = (ip: string, password = "Wrong-password-1") =>
      signIn({
        db: database.db,
        auth: kit.auth,
        input: { email: "samer@example.com", password },
        ip,
        headers: new Headers(),
      });
    await database.db.delete(rateLimits);
    for (let i = 0; i < limits.signInPerAccount.max; i++)
      await expectCode(attempt(attacker), "INVALID_CREDENTIALS");
    const limited = attempt(attacker);
    await expect(limited).rejects.toMatchObject({ code: "RATE_LIMITED" });
    const error = await limited.catch((e) => e);
    expect(error.params.seconds).toBeGreaterThan(0);
    expect(error.params.seconds).toBeLessThanOrEqual(limits.signInPerAccount.windowSeconds);
    // The owner, from their own address, still gets in: only failures count, and per source.
    const cookies = await attempt(freshIp(), "Correct-Horse-42");
    expect(cookies.length).toBeGreaterThan(0);
    // The window passes for the attacker too.
    await database.db.execute(
      sql`update rate_limits set last_request = last_request - ${limits.signInPerAccount.windowSeconds * 1000 + 1}`,
    );
    await expectCode(attempt(attacker), "INVALID_CREDENTIALS");
  });
});

describe("the rate limiter", () => {
  it("counts per subject within a window and starts again after it", async () => {
    const rule = { name: "test:rule", max: 2, windowSeconds: 60 };
    const t0 = 1_000_000;
    expect(await hitRateLimit(database.db, rule, "a", t0)).toEqual({ limited: false });
    expect(await hitRateLimit(database.db, rule, "a", t0 + 1000)).toEqual({ limited: false });
    expect(await hitRateLimit(database.db, rule, "a", t0 + 2000)).toEqual({
      limited: true,
      retryAfterSeconds: 58,
    });
    expect(await hitRateLimit(database.db, rule, "b", t0 + 2000)).toEqual({ limited: false });
    expect(await hitRateLimit(database.db, rule, "a", t0 + 61_000)).toEqual({ limited: false });
    const rows = await database.db.select().from(rateLimits);
    expect(rows.some((r) => r.key.includes("a@") || r.key.endsWith(":a"))).toBe(false);
  });

  it("counts nothing for an attempt a rule refused: a burst refusal leaves the minute alone", async () => {
    const burst = { name: "test:burst", max: 2, windowSeconds: 10 };
    const minute = { name: "test:minute", max: 3, windowSeconds: 60 };
    const rules: [RateLimitRule, string][] = [
      [burst, "m"],
      [minute, "m"],
    ];
    const t0 = 5_000_000;
    expect(await hitRateLimits(database.db, rules, t0)).toEqual({ limited: false });
    expect(await hitRateLimits(database.db, rules, t0)).toEqual({ limited: false });
    for (let n = 0; n < 5; n++) {
      expect(await hitRateLimits(database.db, rules, t0 + 1000)).toEqual({
        limited: true,
        retryAfterSeconds: 9,
      });
    }
    // The burst is over; the five refusals did not count towards the minute, so one more passes.
    expect(await hitRateLimits(database.db, rules, t0 + 11_000)).toEqual({ limited: false });
    // The minute refuses the next one, and gives the burst its place back.
    expect(await hitRateLimits(database.db, rules, t0 + 12_000)).toEqual({
      limited: true,
      retryAfterSeconds: 48,
    });
    const [row] = await database.db
      .select({ count: rateLimits.count })
      .from(rateLimits)
      .where(sql`${rateLimits.key} like 'test:burst:%'`);
    expect(row?.count).toBe(1);
  });

  it("limits sign-ups per address of origin", async () => {
    const ip = freshIp();
    for (let i = 0; i < limits.signUpPerIp.max; i++) {
      await signUp({
        db: database.db,
        auth: kit.auth,
        ...kit.signUpKit,
        input: { fullName: "Bot", email: `bot${i}@example.com`, password: "Correct-Horse-42" },
        lang: "en",
        ip,
      });
    }
    await expectCode(
      signUp({
        db: database.db,
        auth: kit.auth,
        ...kit.signUpKit,
        input: { fullName: "Bot", email: "bot-x@example.com", password: "Correct-Horse-42" },
        lang: "en",
        ip,
      }),
      "RATE_LIMITED",
    );
  });
});

describe("password reset", () => {
  beforeAll(async () => {
    await register("lina@example.com", "ar");
  });

  it("mails a single-use link that sets a new password and signs out every device", async () => {
    const signedIn = await signIn({
      db: database.db,
      auth: kit.auth,
      input: { email: "lina@example.com", password: "Correct-Horse-42" },
      ip: freshIp(),
      headers: new Headers(),
    });
    await requestPasswordReset({
      db: database.db,
      auth: kit.auth,
      email: "lina@example.com",
      ip: freshIp(),
    });
    const link = kit.linkFor("lina@example.com", /type=recovery/);
    expect(link.pathname).toBe("/auth");
    const token = link.searchParams.get("token")!;
    await resetPassword({ auth: kit.auth, token, password: "New-Password-2026" });
    expect(kit.sent.at(-1)?.subject).toBeTruthy();
    expect(kit.sent.at(-1)?.lang).toBe("ar");
    expect(
      await getMember({ auth: kit.auth, db: database.db, request: request(asBrowser(signedIn)) }),
    ).toBeNull();
    await expectCode(
      resetPassword({ auth: kit.auth, token, password: "Another-Password-1" }),
      "INVALID_RESET_LINK",
    );
    await signIn({
      db: database.db,
      auth: kit.auth,
      input: { email: "lina@example.com", password: "New-Password-2026" },
      ip: freshIp(),
      headers: new Headers(),
    });
  });

  it("refuses an expired link", async () => {
    await requestPasswordReset({
      db: database.db,
      auth: kit.auth,
      email: "lina@example.com",
      ip: freshIp(),
    });
    const token = kit.linkFor("lina@example.com", /type=recovery/).searchParams.get("token")!;
    await database.db.update(verifications).set({ expiresAt: new Date(Date.now() - 1000) });
    await expectCode(
      resetPassword({ auth: kit.auth, token, password: "Expired-Link-99" }),
      "INVALID_RESET_LINK",
    );
  });

  it("answers the same for an unknown address and sends nothing", async () => {
    const before = kit.sent.length;
    await requestPasswordReset({
      db: database.db,
      auth: kit.auth,
      email: "nobody-here@example.com",
      ip: freshIp(),
    });
    expect(kit.sent.length).toBe(before);
  });

  it("limits reset mails per address", async () => {
    const email = "lina@example.com";
    await database.db.delete(rateLimits);
    for (let i = 0; i < limits.resetPerAddress.max; i++) {
      await requestPasswordReset({ db: database.db, auth: kit.auth, email, ip: freshIp() });
    }
    await expectCode(
      requestPasswordReset({ db: database.db, auth: kit.auth, email, ip: freshIp() }),
      "RATE_LIMITED",
    );
  });
});

describe("changing the password", () => {
  it("needs the current password, revokes other sessions and mails a notice", async () => {
    const { cookies: phone, password } = await register("omar@example.com");
    const laptop = await signIn({
      db: database.db,
      auth: kit.auth,
      input: { email: "omar@example.com", password },
      ip: freshIp(),
      headers: new Headers(),
    });
    const member = (await getMember({
      auth: kit.auth,
      db: database.db,
      request: request(asBrowser(phone)),
    }))!;
    const base = {
      db: database.db,
      auth: kit.auth,
      jobs: kit.jobs,
      member,
      lang: "en" as const,
      ip: "203.0.113.40",
    };
    await expectCode(
      changePassword({
        ...base,
        headers: asBrowser(phone),
        input: { currentPassword: "nope-nope-nope", password: "Brand-New-Pass-7" },
      }),
      "WRONG_CURRENT_PASSWORD",
      "currentPassword",
    );
    const fresh = await changePassword({
      ...base,
      headers: asBrowser(phone),
      input: { currentPassword: password, password: "Brand-New-Pass-7" },
    });
    expect(
      await getMember({ auth: kit.auth, db: database.db, request: request(asBrowser(laptop)) }),
    ).toBeNull();
    expect(
      await getMember({ auth: kit.auth, db: database.db, request: request(asBrowser(phone)) }),
    ).toBeNull();
    expect(
      await getMember({ auth: kit.auth, db: database.db, request: request(asBrowser(fresh)) }),
    ).not.toBeNull();
    expect(kit.sent.at(-1)?.to).toBe("omar@example.com");
  });
});

describe("sessions", () => {
  it("sign out everywhere ends every device's session", async () => {
    const { cookies: a, password } = await register("everywhere@example.com");
    const b = await signIn({
      db: database.db,
      auth: kit.auth,
      input: { email: "everywhere@example.com", password },
      ip: freshIp(),
      headers: new Headers(),
    });
    const member = (await getMember({
      auth: kit.auth,
      db: database.db,
      request: request(asBrowser(a)),
    }))!;
    const cleared = await signOutEverywhere({ db: database.db, auth: kit.auth, userId: member.id });
    expect(cleared.join(";")).toMatch(/Max-Age=0/);
    for (const cookies of [a, b]) {
      expect(
        await getMember({ auth: kit.auth, db: database.db, request: request(asBrowser(cookies)) }),
      ).toBeNull();
    }
  });

  it("sends a signed-out visitor to /auth, remembering where they were going", async () => {
    const thrown = await requireMember({
      auth: kit.auth,
      db: database.db,
      request: request(new Headers(), "/settings?x=1"),
    }).catch((e) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect(thrown.status).toBe(302);
    expect(thrown.headers.get("Location")).toBe("/auth?redirectTo=%2Fsettings%3Fx%3D1&reason=auth");
  });

  it("only follows same-site paths after sign-in", () => {
    expect(safeRedirect("/profile")).toBe("/profile");
    expect(safeRedirect("https://evil.example")).toBe("/");
    expect(safeRedirect("//evil.example")).toBe("/");
    expect(safeRedirect("/\\evil.example")).toBe("/");
    expect(safeRedirect("javascript:alert(1)")).toBe("/");
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect("/auth?x")).toBe("/");
  });
});

describe("deleting the account", () => {
  it("asks for the password and removes the member with their profile, sessions, listings and photo files (messages' too)", async () => {
    const { cookies, password } = await register("leaving@example.com");
    const headers = asBrowser(cookies);
    const member = await requireMember({
      auth: kit.auth,
      db: database.db,
      request: request(headers),
    });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-delete-account-"));
    const storage = createLocalStorage(dataDir);
    const photo = new Uint8Array(
      await sharp({ create: { width: 64, height: 48, channels: 3, background: "#0a0" } })
        .png()
        .toBuffer(),
    );
    await createListing({
      db: database.db,
      storage,
      member,
      input: {
        title: "Desk",
        description: "Oak desk",
        price: "100",
        categoryId: "5",
        location: "damascus",
        details: { type: "tables", condition: "good" },
      },
      images: [photo, photo],
    });
    // A buyer sent a photo in a conversation about the listing: it goes with the listing.
    const [listing] = await database.db
      .select({ id: listings.id })
      .from(listings)
      .where(eq(listings.userId, member.id));
    await database.db.insert(users).values({
      id: "photo-buyer",
      name: "B",
      email: "photo-buyer@example.com",
      emailVerified: true,
    });
    const buyer = { id: "photo-buyer" };
    const started = await startConversation({
      db: database.db,
      live: noLiveEvents,
      member: buyer,
      listingId: listing?.id ?? "",
      body: "Is this the desk?",
    });
    const staged = await stageMessagePhoto({
      db: database.db,
      storage,
      member: buyer,
      conversationId: started.conversationId,
      uploadId: crypto.randomUUID(),
      bytes: photo,
    });
    await sendMessage({
      db: database.db,
      live: noLiveEvents,
      member: buyer,
      conversationId: started.conversationId,
      body: "",
      photoIds: [staged.id],
    });
    expect(fs.existsSync(path.join(dataDir, "media", "private", "messages"))).toBe(true);
    const files = () =>
      fs
        .readdirSync(dataDir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile());
    expect(files().length).toBeGreaterThan(0);
    const options = {
      auth: kit.auth,
      db: database.db,
      storage,
      memberId: member.id,
      headers,
      ip: "203.0.113.41",
    };
    await expectCode(
      deleteAccount({ ...options, password: "wrong-password" }),
      "WRONG_CURRENT_PASSWORD",
      "password",
    );
    expect(files().length).toBeGreaterThan(0);
    await deleteAccount({ ...options, password });
    const [row] = await database.db
      .select({ n: count() })
      .from(users)
      .where(eq(users.email, "leaving@example.com"));
    expect(row?.n).toBe(0);
    const [left] = await database.db
      .select({ n: count() })
      .from(listings)
      .where(eq(listings.userId, member.id));
    expect(left?.n).toBe(0);
    expect(files()).toEqual([]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});

// A refusing SMTP server only delays mail (the queue retries it: server/jobs/app-jobs.test.ts). Even
// a queue that cannot take the job must not fail the member's request.
describe("when mail cannot be queued (the job queue refuses)", () => {
  it("still signs up, and answers resets and resends as usual; the failures are logged", async () => {
    const logged: string[] = [];
    const refusing = refusingJobs;
    const logger = {
      error: (_: object, message: string) => logged.push(message),
      warn: () => {},
      info: () => {},
    };
    const auth = createAuth({
      db: database.db,
      env: testEnv,
      secret: "test-secret-".repeat(4),
      jobs: refusing,
      logger,
    });
    const cookies = await signUp({
      db: database.db,
      auth,
      jobs: refusing,
      links: { publicUrl: testEnv.PUBLIC_URL, supportEmail: testEnv.SUPPORT_EMAIL },
      logger,
      input: {
        fullName: "Offline Mail",
        email: "smtp-down@example.com",
        password: "Correct-Horse-42",
      },
      lang: "en",
      ip: freshIp(),
    });
    expect(cookies.length).toBeGreaterThan(0);
    await requestPasswordReset({
      db: database.db,
      auth,
      email: "smtp-down@example.com",
      ip: freshIp(),
    });
    await requestPasswordReset({
      db: database.db,
      auth,
      email: "nobody-here@example.com",
      ip: freshIp(),
    });
    await resendConfirmation({
      db: database.db,
      auth,
      email: "smtp-down@example.com",
      ip: freshIp(),
    });
    expect(logged.filter((m) => m === "mail could not be sent")).toHaveLength(3);
  });
});
