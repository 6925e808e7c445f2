import fs from "node:fs";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import {
  blocks,
  conversations,
  favorites,
  listingImages,
  listings,
  messages,
  notificationPreferences,
  profiles,
  pushSubscriptions,
  users,
  watcherNotices,
} from "~/db/schema";
import { AppError } from "~/utils/app-error";
import { readEnv } from "~/utils/env.server";
import { createLinkSigner } from "~/utils/signed-link.server";
import { resolveVapidKeys } from "~/utils/vapid.server";
import { createAppJobQueue, registerJobHandlers } from "../../../server/jobs/app-jobs";
import type { AppJobQueue } from "../../../server/jobs/queue";
import {
  browserKeys,
  startTestPushService,
  type TestPushService,
} from "../../../tests/setup/push-service";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { noLiveEvents } from "../messaging/live-events";
import { saveSearch } from "../saved-searches/save-search.server";
import { sendSavedSearchAlert } from "../saved-searches/saved-search-alerts.server";
import { saveNotificationSettings } from "./notification-preferences.server";
import {
  isPublicAddress,
  operatorVouchesFor,
  PushAddressRefused,
  postToPushService,
  type Resolve,
} from "./push-endpoint.server";
import { MAX_PUSH_SUBSCRIPTIONS, parsePushEndpoint } from "./push-schemas";
import { subscribePush, unsubscribePush } from "./push-subscriptions.server";
import { sendPushToSubscription } from "./send-push.server";
import { PUSH_AFTER_SECONDS, withUnreadNotices } from "./unread-notices.server";
import { notifyWatchers } from "./watchers.server";

/*
 * Web Push (decision 021) on a real job queue (PGlite; PostgreSQL with TEST_DATABASE_URL), sent by
 * the real web-push library to a test push service (tests/setup/push-service.ts) that records
 * the request; the test decrypts it as the browser would.
 */

let database: TestDatabase;
let db: Database;
let service: TestPushService;
let queue: AppJobQueue;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-push-test-"));
const env = {
  PUBLIC_URL: "https://souqna.example",
  SUPPORT_EMAIL: "help@souqna.example",
  NOTIFY_UNREAD_AFTER_SECONDS: 600,
  SESSION_SECRET: "a-session-secret-of-at-least-32-characters!",
  DATA_DIR: tmp,
  // The test push service (tests/setup/push-service.ts) listens on 127.0.0.1.
  PUSH_SERVICE_HOSTS: ["127.0.0.1"],
};
const services = env.PUSH_SERVICE_HOSTS;
const silent = { info: () => {}, warn: () => {}, error: () => {} };
const fail = (): never => {
  throw new Error("not a push endpoint");
};
const SELLER = { id: "seller" };
const BUYER = { id: "buyer" };
let conversationId = "";
let endpointCount = 0;

/** A subscription as a browser's PushManager would give it, at the test push service. */
function subscription(keys = browserKeys()) {
  endpointCount += 1;
  return {
    keys,
    json: {
      endpoint: `${service.origin}/push/${endpointCount}-${"x".repeat(40)}`,
      expirationTime: null,
      keys: { p256dh: keys.p256dh, auth: keys.auth },
    },
  };
}

async function write(senderId: string, body = "My secret offer: 4,000,000") {
  const [row] = await db
    .insert(messages)
    .values({ conversationId, senderId, body })
    .returning({ id: messages.id });
  return row?.id ?? "";
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  service = await startTestPushService();
  await db.insert(users).values([
    { id: "seller", name: "Rania", email: "seller@example.com", emailVerified: true },
    { id: "buyer", name: "Omar", email: "buyer@example.com", emailVerified: true },
  ]);
  await db.insert(profiles).values([
    { id: "seller", fullName: "رانيا حداد", preferredLanguage: "ar" },
    { id: "buyer", fullName: "Omar Khalil", preferredLanguage: "en" },
  ]);
  const [listing] = await db
    .insert(listings)
    .values({ userId: "seller", categoryId: 1, title: "Kia Rio", titleAr: "كيا ريو", price: 100 })
    .returning({ id: listings.id });
  await db.insert(listingImages).values({
    listingId: listing?.id ?? "",
    storageKey: "listings/kia",
    variants: [
      { width: 800, height: 600, key: "listings/kia-800.webp" },
      { width: 200, height: 150, key: "listings/kia-200.webp" },
    ],
    width: 800,
    height: 600,
    isPrimary: true,
  });
  const [conversation] = await db
    .insert(conversations)
    .values({ listingId: listing?.id ?? "", buyerId: "buyer", sellerId: "seller" })
    .returning({ id: conversations.id });
  conversationId = conversation?.id ?? "";
  queue = createAppJobQueue({
    database,
    logger: silent,
    settings: { JOB_RETRY_DELAY_SECONDS: 1, JOB_POLL_SECONDS: 0.5 },
  });
  await queue.start();
  await registerJobHandlers(queue, {
    env,
    database,
    mailer: { kind: "outbox", send: async () => {} },
    logger: silent,
    pushAgent: service.agent,
  });
});

beforeEach(async () => {
  service.answer(201);
  await db.delete(pushSubscriptions);
  await db.delete(messages);
  await db.delete(blocks);
  await db.delete(notificationPreferences);
  await db.update(users).set({ suspendedAt: null });
});

afterAll(async () => {
  await queue?.stop({ timeoutMs: 1000 });
  await service?.close();
  await database?.destroy();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe("VAPID keys", () => {
  it("are generated once into $DATA_DIR/vapid.json (mode 600), or taken from the environment", () => {
    const first = resolveVapidKeys(env);
    const file = path.join(tmp, "vapid.json");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(first.subject).toBe("https://souqna.example");
    expect(resolveVapidKeys(env).publicKey).toBe(first.publicKey);
    const set = resolveVapidKeys({
      ...env,
      VAPID_PUBLIC_KEY: "B".repeat(87),
      VAPID_PRIVATE_KEY: "a".repeat(43),
      VAPID_SUBJECT: "mailto:ops@souqna.example",
    });
    expect(set).toEqual({
      publicKey: "B".repeat(87),
      privateKey: "a".repeat(43),
      subject: "mailto:ops@souqna.example",
    });
  });

  it("are both set or neither, and the subject is mailto: or https:", () => {
    expect(() => readEnv({ VAPID_PUBLIC_KEY: "B".repeat(87) })).toThrow(
      /VAPID_PRIVATE_KEY is required when VAPID_PUBLIC_KEY is set/,
    );
    expect(() => readEnv({ VAPID_PRIVATE_KEY: "a".repeat(43) })).toThrow(/VAPID_PUBLIC_KEY/);
    expect(() =>
      readEnv({ VAPID_PUBLIC_KEY: "not a key", VAPID_PRIVATE_KEY: "a".repeat(43) }),
    ).toThrow(/^Invalid configuration: VAPID_PUBLIC_KEY: /);
    expect(() => readEnv({ VAPID_SUBJECT: "http://souqna.example" })).toThrow(/VAPID_SUBJECT/);
    expect(readEnv({ VAPID_SUBJECT: "mailto:ops@souqna.example" }).VAPID_SUBJECT).toBe(
      "mailto:ops@souqna.example",
    );
  });
});

describe("subscribing a browser", () => {
  it("refuses whatever a browser's PushManager would not have made", async () => {
    const good = subscription().json;
    const bad: unknown[] = [
      null,
      "",
      "garbage",
      [],
      {},
      { ...good, endpoint: good.endpoint.replace("https:", "http:") },
      { ...good, endpoint: "javascript:alert(1)" },
      { ...good, endpoint: `https://user:pass@${new URL(good.endpoint).host}/x` },
      { ...good, endpoint: `${service.origin}/${"a".repeat(1100)}` },
      { ...good, keys: { ...good.keys, p256dh: "short" } },
      { ...good, keys: { ...good.keys, auth: "not base64url!!!!!!!!!" } },
      { ...good, keys: { ...good.keys, extra: "x" } },
      { ...good, keys: undefined },
      { ...good, admin: true },
      { ...good, endpoint: 42 },
    ];
    for (const input of bad) {
      await expect(
        subscribePush({ db, services, member: BUYER, input }),
        JSON.stringify(input),
      ).rejects.toEqual(new AppError("PUSH_SUBSCRIPTION_INVALID"));
    }
    expect(await db.select().from(pushSubscriptions)).toHaveLength(0);
  });

  it("sends only to the browsers' push services: no endpoint makes the server call an address a member chose", async () => {
    const good = subscription().json;
    const elsewhere = [
      "https://169.254.169.254/latest/meta-data/",
      "https://localhost:5432/x",
      "https://10.0.0.7/push/abc",
      "https://fcm.googleapis.com.evil.example/fcm/send/abc",
      "https://evilfcm.googleapis.com.example/x",
      "https://internal.souqna.example/admin",
    ];
    for (const endpoint of elsewhere) {
      await expect(
        subscribePush({ db, services, member: BUYER, input: { ...good, endpoint } }),
        endpoint,
      ).rejects.toEqual(new AppError("PUSH_SERVICE_UNKNOWN"));
    }
    // The default list is the browsers' services, sub-domains included.
    const defaults = readEnv({}).PUSH_SERVICE_HOSTS;
    for (const endpoint of [
      "https://fcm.googleapis.com/fcm/send/abc",
      "https://updates.push.services.mozilla.com/wpush/v2/abc",
      "https://web.push.apple.com/QGabc",
      "https://wns2-par02p.notify.windows.com/w/?token=abc",
    ]) {
      await subscribePush({ db, services: defaults, member: BUYER, input: { ...good, endpoint } });
    }
    for (const endpoint of elsewhere) {
      await expect(
        subscribePush({ db, services: defaults, member: BUYER, input: { ...good, endpoint } }),
      ).rejects.toEqual(new AppError("PUSH_SERVICE_UNKNOWN"));
    }
    expect(
      readEnv({ PUSH_SERVICE_HOSTS: " *.Push.Example , 127.0.0.1" }).PUSH_SERVICE_HOSTS,
    ).toEqual(["push.example", "127.0.0.1"]);
    expect(() => readEnv({ PUSH_SERVICE_HOSTS: "https://x/y" })).toThrow(/PUSH_SERVICE_HOSTS/);

    // A row left from a wider list is deleted unsent once the operator narrows it.
    const { id } = await subscribePush({ db, services, member: BUYER, input: good });
    const before = service.requests.length;
    expect(
      await sendPushToSubscription({
        db,
        services: ["push.example"],
        subscriptionId: id,
        message: { title: "t", body: "b", url: "https://souqna.example/", tag: "t", lang: "en" },
        vapid: resolveVapidKeys(env),
        agent: service.agent,
      }),
    ).toBe("refused");
    expect(await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id))).toEqual(
      [],
    );
    expect(service.requests.length).toBe(before);
  });

  it("refuses endpoints whose host one URL parser reads differently from another", async () => {
    const good = subscription().json;
    const defaults = readEnv({}).PUSH_SERVICE_HOSTS;
    // Each passed the allow-list as the WHATWG parser read it; web-push's legacy url.parse cut
    // the host at the odd character and called 127.0.0.1 (or the host before it).
    const confusing = [
      "https://127.0.0.1;.fcm.googleapis.com/x",
      "https://127.0.0.1{.fcm.googleapis.com/x",
      "https://127.0.0.1}.fcm.googleapis.com/x",
      'https://127.0.0.1".fcm.googleapis.com/x',
      "https://127.0.0.1'.fcm.googleapis.com/x",
      "https://127.0.0.1`.fcm.googleapis.com/x",
      "https://127.0.0.1%2f.fcm.googleapis.com/x",
      "https://fcm.googleapis.com\\@127.0.0.1/x",
      "https://FCM.googleapis.com./fcm/send/x",
      "https://xn--fcm-.googleapis.com/x",
      "https://[::1]/x",
      "https://fcm.googleapis.com:443/fcm/send/x",
    ];
    for (const endpoint of confusing) {
      await expect(
        subscribePush({ db, services: defaults, member: BUYER, input: { ...good, endpoint } }),
        endpoint,
      ).rejects.toBeInstanceOf(AppError);
    }
    expect(parsePushEndpoint("https://127.0.0.1;.fcm.googleapis.com/x")).toBeNull();
    expect(parsePushEndpoint("https://fcm.googleapis.com/fcm/send/a:b?c=d")).toEqual({
      hostname: "fcm.googleapis.com",
      port: "",
      path: "/fcm/send/a:b?c=d",
      href: "https://fcm.googleapis.com/fcm/send/a:b?c=d",
    });
    expect(await db.select().from(pushSubscriptions)).toHaveLength(0);
  });

  it("sends only to public addresses, unless the operator listed the host exactly", async () => {
    for (const address of [
      "127.0.0.1",
      "127.8.9.10",
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "255.255.255.255",
      "224.0.0.1",
      "::1",
      "::",
      "fe80::1",
      "fd00::1",
      "fc00::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "64:ff9b::7f00:1",
      "2002:7f00:1::1",
      "ff02::1",
      "not an address",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ["142.250.185.10", "172.32.0.1", "2607:f8b0:4004:c1b::5f"]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    expect(operatorVouchesFor("127.0.0.1", ["127.0.0.1"])).toBe(true);
    expect(operatorVouchesFor("push.example", ["push.example"])).toBe(true);
    // Sub-domains of an entry, and the browsers' own services, are never vouched for.
    expect(operatorVouchesFor("x.push.example", ["push.example"])).toBe(false);
    expect(operatorVouchesFor("fcm.googleapis.com", ["fcm.googleapis.com"])).toBe(false);

    const endpoint = (host: string) => parsePushEndpoint(`https://${host}/push/1`);
    const post = (host: string, services: string[], resolveHost: Resolve) =>
      postToPushService({
        endpoint: endpoint(host) ?? fail(),
        headers: { TTL: 60 },
        body: null,
        services,
        timeoutMs: 5_000,
        agent: service.agent,
        resolveHost,
      });
    const before = service.requests.length;
    // A browser's service that resolves to loopback, or to a public and a private address.
    await expect(
      post("fcm.googleapis.com", ["fcm.googleapis.com"], async () => [
        { address: "127.0.0.1", family: 4 },
      ]),
    ).rejects.toBeInstanceOf(PushAddressRefused);
    await expect(
      post("rebind.fcm.googleapis.com", ["fcm.googleapis.com"], async () => [
        { address: "142.250.185.10", family: 4 },
        { address: "127.0.0.1", family: 4 },
      ]),
    ).rejects.toBeInstanceOf(PushAddressRefused);
    // An address as the host is checked without a lookup.
    await expect(
      postToPushService({
        endpoint: parsePushEndpoint(`${service.origin}/push/1`) ?? fail(),
        headers: {},
        body: null,
        services: ["push.example"],
        timeoutMs: 5_000,
        agent: service.agent,
      }),
    ).rejects.toBeInstanceOf(PushAddressRefused);
    expect(service.requests.length).toBe(before);
  });

  it("connects to the very address it checked: one lookup, no second answer to rebind", async () => {
    const port = new URL(service.origin).port;
    const answers = ["127.0.0.1", "10.9.9.9"];
    const asked: string[] = [];
    const answer = await postToPushService({
      endpoint: parsePushEndpoint(`https://push.test:${port}/push/rebind`) ?? fail(),
      headers: { TTL: 60 },
      body: null,
      // The operator's own service, listed exactly: its loopback address is theirs to vouch for.
      services: ["push.test"],
      timeoutMs: 5_000,
      // The stand-in's certificate is for 127.0.0.1; the name is this test's own.
      agent: new https.Agent({ ca: service.certificate, checkServerIdentity: () => undefined }),
      resolveHost: async (hostname) => {
        asked.push(hostname);
        return [{ address: answers.shift() ?? "10.9.9.9", family: 4 }];
      },
    });
    expect(answer.status).toBe(201);
    expect(asked).toEqual(["push.test"]);
    expect(service.requests.at(-1)?.path).toBe("/push/rebind");
  });

  it("keeps one row per endpoint, at most 10 browsers a member; unsubscribing is owner-only", async () => {
    const one = subscription().json;
    await subscribePush({ db, services, member: BUYER, input: one });
    await subscribePush({ db, services, member: BUYER, input: one });
    expect(await db.select().from(pushSubscriptions)).toHaveLength(1);
    for (let i = 1; i < MAX_PUSH_SUBSCRIPTIONS; i++) {
      await subscribePush({ db, services, member: BUYER, input: subscription().json });
    }
    await expect(
      subscribePush({ db, services, member: BUYER, input: subscription().json }),
    ).rejects.toEqual(new AppError("PUSH_SUBSCRIPTION_LIMIT"));
    // The same browser again is no new one.
    await subscribePush({ db, services, member: BUYER, input: one });

    // Another member cannot turn off someone else's browser.
    expect(
      await unsubscribePush({ db, member: SELLER, input: { endpoint: one.endpoint } }),
    ).toEqual({ deleted: false });
    await expect(unsubscribePush({ db, member: SELLER, input: { nope: 1 } })).rejects.toEqual(
      new AppError("PUSH_SUBSCRIPTION_INVALID"),
    );
    expect(await unsubscribePush({ db, member: BUYER, input: { endpoint: one.endpoint } })).toEqual(
      {
        deleted: true,
      },
    );
    // The same browser signed in as someone else and subscribed moves to them.
    const shared = subscription().json;
    await subscribePush({ db, services, member: SELLER, input: shared });
    await subscribePush({ db, services, member: BUYER, input: shared });
    const rows = await db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, shared.endpoint));
    expect(rows.map((row) => row.userId)).toEqual(["buyer"]);
  });
});

describe("sending", () => {
  it("encrypts with the real library and sends VAPID, aes128gcm and a TTL; 410 deletes the row", async () => {
    const browser = subscription();
    const { id } = await subscribePush({ db, services, member: BUYER, input: browser.json });
    const vapid = resolveVapidKeys(env);
    const message = {
      title: "Omar sent you a message",
      body: "About “Kia Rio”.",
      url: "https://souqna.example/messages/1",
      tag: "conversation:1",
      lang: "en" as const,
    };
    const before = service.requests.length;
    expect(
      await sendPushToSubscription({
        services,
        db,
        subscriptionId: id,
        message,
        vapid,
        agent: service.agent,
      }),
    ).toBe("sent");
    const request = await service.waitFor(before + 1);
    expect(request.method).toBe("POST");
    expect(request.path).toBe(new URL(browser.json.endpoint).pathname);
    expect(request.headers["content-encoding"]).toBe("aes128gcm");
    expect(request.headers.ttl).toBe(String(24 * 60 * 60));
    expect(request.headers.urgency).toBe("high");
    expect(request.headers.authorization).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${vapid.publicKey}$`),
    );
    // Not the text in clear: only the browser's keys open it.
    expect(request.body.includes(Buffer.from("Kia Rio"))).toBe(false);
    expect(JSON.parse(browser.keys.decrypt(request.body))).toEqual(message);
    const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    expect(row?.lastUsedAt).toBeInstanceOf(Date);

    service.answer(500);
    await expect(
      sendPushToSubscription({
        db,
        services,
        subscriptionId: id,
        message,
        vapid,
        agent: service.agent,
      }),
    ).rejects.toThrow(/push service answered 500/);
    expect(await db.select().from(pushSubscriptions)).toHaveLength(1);

    service.answer(410);
    expect(
      await sendPushToSubscription({
        services,
        db,
        subscriptionId: id,
        message,
        vapid,
        agent: service.agent,
      }),
    ).toBe("expired");
    expect(await db.select().from(pushSubscriptions)).toHaveLength(0);
    expect(
      await sendPushToSubscription({
        services,
        db,
        subscriptionId: id,
        message,
        vapid,
        agent: service.agent,
      }),
    ).toBe("gone");
  });

  it("a message schedules its recipient's push a few seconds later, keyed by message", async () => {
    const sent: { name: string; data: unknown; options: { key: string; startAfter: Date } }[] = [];
    const live = withUnreadNotices(
      noLiveEvents,
      {
        send: async (
          name: string,
          data: { recipientId: string },
          options: { key: string; startAfter: Date },
        ) => {
          if (name === "notify-push") sent.push({ name, data, options });
        },
      },
      600,
    );
    await live.publish({
      kind: "message",
      conversationId: "c",
      messageId: "m",
      senderId: "buyer",
      memberIds: ["buyer", "seller"],
    });
    await live.publish({ kind: "read", conversationId: "c", readerId: "x", memberIds: ["x"] });
    expect(sent.map(({ name, data, options }) => [name, data, options.key])).toEqual([
      ["notify-push", { recipientId: "seller", messageId: "m" }, "push:m:seller"],
    ]);
    const wait = (sent[0]?.options.startAfter.getTime() ?? 0) - Date.now();
    expect(wait).toBeGreaterThan((PUSH_AFTER_SECONDS - 1) * 1000);
    expect(wait).toBeLessThanOrEqual(PUSH_AFTER_SECONDS * 1000);
  });

  it("goes through the queue to every browser of the recipient, in their language, with the listing's photo", async () => {
    const phone = subscription();
    const laptop = subscription();
    await subscribePush({ db, services, member: SELLER, input: phone.json });
    await subscribePush({ db, services, member: SELLER, input: laptop.json });
    const messageId = await write("buyer");
    const before = service.requests.length;
    await queue.send("notify-push", { recipientId: "seller", messageId });
    await service.waitFor(before + 2);
    const bodies = service.requests.slice(before).map((request) => request.body);
    const opened = bodies.map((body) => {
      for (const keys of [phone.keys, laptop.keys]) {
        try {
          return JSON.parse(keys.decrypt(body));
        } catch {
          // The other browser's push.
        }
      }
      throw new Error("a push neither browser can open");
    });
    for (const message of opened) {
      expect(message).toEqual({
        title: "رسالة جديدة من Omar Khalil",
        body: "بخصوص «كيا ريو». افتح المحادثة للرد.",
        url: `https://souqna.example/messages/${conversationId}`,
        icon: "https://souqna.example/media/listings/kia-200.webp",
        tag: `conversation:${conversationId}`,
        lang: "ar",
      });
      expect(JSON.stringify(message)).not.toContain("secret offer");
    }
  });

  it("sends nothing for a message read meanwhile, turned-off pushes, a blocked sender or a suspended member", async () => {
    await subscribePush({ db, services, member: SELLER, input: subscription().json });
    const cases: [string, () => Promise<unknown>][] = [
      // The thread was open: the page marked it read before the job ran.
      ["read", async () => db.update(messages).set({ readAt: new Date() })],
      [
        "turned off",
        () =>
          saveNotificationSettings(db, SELLER, {
            messages: { email: true, push: false },
            alerts: { email: true, push: true },
            favorites: { email: true, push: true },
          }),
      ],
      ["blocked", () => db.insert(blocks).values({ blockerId: "seller", blockedId: "buyer" })],
      [
        "suspended",
        () => db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, "seller")),
      ],
    ];
    const before = service.requests.length;
    for (const [, arrange] of cases) {
      const messageId = await write("buyer");
      await arrange();
      await queue.send("notify-push", { recipientId: "seller", messageId });
    }
    // Each job runs within a poll interval (0.5 s) of being sent.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(service.requests.length - before).toBe(0);
    // The same push once nothing stands in its way.
    await db.delete(notificationPreferences);
    await db.delete(blocks);
    await db.update(users).set({ suspendedAt: null });
    const control = await write("buyer");
    await queue.send("notify-push", { recipientId: "seller", messageId: control });
    await service.waitFor(before + 1);
    // Nor to the sender, about their own message.
    await queue.send("notify-push", { recipientId: "buyer", messageId: control });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(service.requests.length - before).toBe(1);
  });
});

describe("alerts and favourites", () => {
  it("push to the member's browsers as their preferences say, in their language, with the e-mail's news", async () => {
    await subscribePush({ db, services, member: BUYER, input: subscription().json });
    const recorded: { name: string; data: unknown; key?: string }[] = [];
    const send = async (name: string, data: unknown, options?: { key?: string }) => {
      recorded.push({ name, data, key: options?.key });
      return { id: String(recorded.length), created: true };
    };
    const jobs = {
      send,
      sendMany: async (name: string, many: readonly { data: unknown; key?: string }[]) => {
        for (const job of many) await send(name, job.data, { key: job.key });
      },
    };
    const pushes = () =>
      recorded
        .filter((job) => job.name === "send-push")
        .map((job) => (job.data as { message: Record<string, string> }).message);
    const signer = createLinkSigner(env.SESSION_SECRET);
    const [kia] = await db.select({ id: listings.id }).from(listings);
    const listingId = kia?.id ?? "";
    await db.insert(favorites).values({ userId: "buyer", listingId });
    // The job tells of a drop only while it holds, and each watcher once a day:
    // each run below is a new day's drop.
    await db.update(listings).set({ price: 1_500_000 }).where(eq(listings.id, listingId));
    const nextDay = () => db.delete(watcherNotices);
    const change = {
      listingId,
      kind: "price-drop" as const,
      oldPrice: 2_000_000,
      newPrice: 1_500_000,
      at: new Date().toISOString(),
    };
    await notifyWatchers({ db, jobs, signer, publicUrl: env.PUBLIC_URL, change });
    expect(recorded.map((job) => job.name).sort()).toEqual(["send-mail", "send-push"]);
    expect(pushes()).toEqual([
      {
        title: "Kia Rio",
        body: expect.stringMatching(/^Now .*1,500,000 instead of .*2,000,000\.$/),
        url: `https://souqna.example/listing/${listingId}`,
        tag: `listing:${listingId}`,
        lang: "en",
      },
    ]);

    // Favourites' pushes off: the e-mail alone. Both off: nothing.
    const settings = {
      messages: { email: true, push: true },
      alerts: { email: true, push: true },
      favorites: { email: true, push: false },
    };
    await saveNotificationSettings(db, BUYER, settings);
    recorded.length = 0;
    await nextDay();
    await notifyWatchers({ db, jobs, signer, publicUrl: env.PUBLIC_URL, change });
    expect(recorded.map((job) => job.name)).toEqual(["send-mail"]);
    await saveNotificationSettings(db, BUYER, {
      ...settings,
      favorites: { email: false, push: false },
    });
    recorded.length = 0;
    await nextDay();
    await notifyWatchers({ db, jobs, signer, publicUrl: env.PUBLIC_URL, change });
    expect(recorded).toEqual([]);

    // A saved search's alert: pushed even with its e-mail off.
    await saveNotificationSettings(db, BUYER, {
      ...settings,
      alerts: { email: false, push: true },
    });
    const { id: searchId } = await saveSearch({ db, member: BUYER, query: "category=1" });
    await new Promise((resolve) => setTimeout(resolve, 20));
    await db.insert(listings).values({
      userId: "seller",
      categoryId: 1,
      title: "Hyundai i10",
      titleAr: "هيونداي",
      price: 900,
    });
    recorded.length = 0;
    expect(
      await sendSavedSearchAlert({
        db,
        jobs,
        signer,
        publicUrl: env.PUBLIC_URL,
        savedSearchId: searchId,
      }),
    ).toBe(1);
    expect(recorded.map((job) => job.name)).toEqual(["send-push"]);
    expect(pushes()).toEqual([
      {
        title: "1 new listing for your saved search",
        body: expect.stringMatching(/^Hyundai i10 — /),
        url: expect.stringMatching(/^https:\/\/souqna\.example\/.*category/),
        tag: `saved-search:${searchId}`,
        lang: "en",
      },
    ]);
    await db.delete(favorites);
  });
});
