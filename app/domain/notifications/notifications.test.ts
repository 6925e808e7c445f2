import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import {
  blocks,
  conversationNotices,
  conversations,
  listings,
  messages,
  notificationPreferences,
  profiles,
  users,
} from "~/db/schema";
import type { Member } from "~/domain/accounts/session.server";
import { noLiveEvents } from "~/domain/messaging/live-events";
import { markConversationRead } from "~/domain/messaging/mark-conversation-read.server";
import { renderMail } from "~/mail/templates.server";
import { createLinkSigner } from "~/utils/signed-link.server";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import {
  getNotificationSettings,
  saveNotificationSettings,
} from "./notification-preferences.server";
import {
  type MessageNoticeQueue,
  sendUnreadNotices,
  type UnreadNotice,
  withUnreadNotices,
} from "./unread-notices.server";
import { readUnsubscribeLink, unsubscribe, unsubscribeLink } from "./unsubscribe.server";

let database: TestDatabase;
let db: Database;
const signer = createLinkSigner("a-session-secret-of-at-least-32-characters!");
const PUBLIC_URL = "https://souqna.example";
const DELAY = 600;

const member = (id: string) => ({ id }) as Pick<Member, "id">;
const SELLER = member("seller");
const BUYER = member("buyer");

let sent: UnreadNotice[];
let scheduled: { data: { recipientId: string }; options: { key: string; startAfter: Date } }[];
const queue: MessageNoticeQueue = {
  async send(
    name: string,
    data: { recipientId: string },
    options: { key: string; startAfter: Date },
  ) {
    if (name === "notify-unread") scheduled.push({ data, options });
  },
};

/** A minute past `seconds` after now. */
const dueIn = (seconds: number) => new Date(Date.now() + seconds * 1000 + 60_000);

function run(
  recipientId: string,
  now = dueIn(DELAY),
  deliver = async (n: UnreadNotice) => {
    sent.push(n);
  },
) {
  return sendUnreadNotices({
    db,
    recipientId,
    delaySeconds: DELAY,
    signer,
    publicUrl: PUBLIC_URL,
    deliver,
    queue,
    now,
  });
}

async function conversationAbout(title: string, titleAr = "") {
  const [listing] = await db
    .insert(listings)
    .values({ userId: "seller", categoryId: 1, title, titleAr, price: 100 })
    .returning({ id: listings.id });
  const [conversation] = await db
    .insert(conversations)
    .values({ listingId: listing?.id ?? "", buyerId: "buyer", sellerId: "seller" })
    .returning({ id: conversations.id });
  return conversation?.id ?? "";
}

async function write(
  conversationId: string,
  senderId: string,
  body = "Is it still for sale?",
  createdAt = new Date(),
) {
  await db.insert(messages).values({ conversationId, senderId, body, createdAt });
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await db.insert(users).values([
    { id: "seller", name: "Rania", email: "seller@example.com", emailVerified: true },
    { id: "buyer", name: "Omar", email: "buyer@example.com", emailVerified: true },
  ]);
  await db.insert(profiles).values([
    { id: "seller", fullName: "رانيا حداد", preferredLanguage: "ar" },
    { id: "buyer", fullName: "Omar Khalil", preferredLanguage: "en" },
  ]);
});

beforeEach(async () => {
  sent = [];
  scheduled = [];
  await db.delete(listings);
  await db.delete(blocks);
  await db.delete(notificationPreferences);
  await db.update(users).set({ suspendedAt: null });
});

afterAll(async () => {
  await database?.destroy();
});

describe("unread-message notices", () => {
  it("wait for the delay, then e-mail the recipient once, in their language, without the message", async () => {
    const id = await conversationAbout("Kia Rio", "كيا ريو");
    await write(id, "buyer", "My secret offer: 4,000,000");

    expect(await run("seller", new Date())).toEqual({ sent: 0, later: expect.any(Date) });
    expect(sent).toHaveLength(0);
    // Not due yet: the job put itself back for when it is.
    expect(scheduled.at(-1)?.data).toEqual({ recipientId: "seller" });

    expect((await run("seller")).sent).toBe(1);
    // The same job again (a retry, a second instance): nothing more.
    expect((await run("seller")).sent).toBe(0);
    expect(sent).toHaveLength(1);
    const notice = sent[0] as UnreadNotice;
    expect(notice).toMatchObject({
      to: "seller@example.com",
      lang: "ar",
      url: `${PUBLIC_URL}/messages/${id}`,
      conversations: [{ sender: "Omar Khalil", title: "كيا ريو" }],
    });
    const mail = renderMail(
      {
        kind: "unread-messages",
        name: notice.name,
        url: notice.url,
        conversations: notice.conversations,
        unsubscribeUrl: notice.unsubscribeUrl,
      },
      notice.lang,
      { publicUrl: PUBLIC_URL, supportEmail: "s@x.y" },
    );
    // The listing's title and the sender's name are members' words: quoted in the body, never
    // in the subject.
    expect(mail.subject).toBe("لديك رسالة غير مقروءة في سوقنا");
    expect(mail.text).toContain("«\u2068كيا ريو\u2069»");
    expect(mail.text).not.toContain("secret offer");
    expect(mail.html).not.toContain("secret offer");
    expect(mail.unsubscribeUrl).toBe(notice.unsubscribeUrl);
  });

  it("are cancelled by reading the thread before the delay", async () => {
    const id = await conversationAbout("Sofa");
    await write(id, "buyer");
    await markConversationRead({ db, live: noLiveEvents, member: SELLER, conversationId: id });
    expect(await run("seller")).toEqual({ sent: 0, later: null });
    expect(sent).toHaveLength(0);
  });

  it("send at most one e-mail per conversation an hour, and a digest for several", async () => {
    const first = await conversationAbout("Fridge");
    const second = await conversationAbout("Washing machine");
    await write(first, "buyer");
    await write(second, "buyer");
    const notifiedAt = dueIn(DELAY);
    expect((await run("seller", notifiedAt)).sent).toBe(2);
    expect(sent[0]?.url).toBe(`${PUBLIC_URL}/messages`);
    const digest = renderMail({ kind: "unread-messages", ...(sent[0] as UnreadNotice) }, "en", {
      publicUrl: PUBLIC_URL,
      supportEmail: "s@x.y",
    });
    expect(digest.subject).toBe("You have unread messages in 2 conversations");
    expect(digest.text).toContain("Fridge");
    expect(digest.text).toContain("Washing machine");

    // Another message a minute after the e-mail: due after the delay, but within the hour.
    const next = new Date(notifiedAt.getTime() + 60_000);
    await write(first, "buyer", "Hello?", next);
    const soon = await run("seller", new Date(next.getTime() + DELAY * 1000));
    expect(soon.sent).toBe(0);
    expect(soon.later?.getTime()).toBe(notifiedAt.getTime() + 3_600_000);
    // After the hour, one more e-mail, for that conversation only.
    const hourLater = await run("seller", new Date(notifiedAt.getTime() + 3_600_000));
    expect(hourLater.sent).toBe(1);
    expect(sent[1]?.conversations.map((c) => c.title)).toEqual(["Fridge"]);
  });

  it("never tell about a member the recipient blocked, nor a suspended member, nor one who said no", async () => {
    const id = await conversationAbout("Phone");
    await write(id, "buyer");
    await db.insert(blocks).values({ blockerId: "seller", blockedId: "buyer" });
    expect((await run("seller")).sent).toBe(0);
    await db.delete(blocks);

    await db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, "seller"));
    expect((await run("seller")).sent).toBe(0);
    await db.update(users).set({ suspendedAt: null });

    const settings = await getNotificationSettings(db, SELLER);
    await saveNotificationSettings(db, SELLER, {
      ...settings,
      messages: { email: false, push: true },
    });
    expect((await run("seller")).sent).toBe(0);
    expect(sent).toHaveLength(0);
    // The buyer's own message never notifies the buyer.
    expect((await run("buyer")).sent).toBe(0);
  });

  it("release the claim when the e-mail cannot be queued, so the retry sends it", async () => {
    const id = await conversationAbout("Bike");
    await write(id, "buyer");
    await expect(
      run("seller", dueIn(DELAY), async () => {
        throw new Error("queue away");
      }),
    ).rejects.toThrow("queue away");
    expect(await db.select().from(conversationNotices)).toHaveLength(0);
    expect((await run("seller")).sent).toBe(1);
  });

  it("are scheduled for the recipient, never the sender, when a message is announced", async () => {
    const live = withUnreadNotices(noLiveEvents, queue, 600);
    await live.publish({
      kind: "message",
      conversationId: "c",
      messageId: "m",
      senderId: "buyer",
      memberIds: ["buyer", "seller"],
    });
    await live.publish({ kind: "read", conversationId: "c", readerId: "x", memberIds: ["x"] });
    expect(scheduled.map((s) => s.data.recipientId)).toEqual(["seller"]);
    const at = scheduled[0]?.options.startAfter.getTime() ?? 0;
    expect(at - Date.now()).toBeGreaterThanOrEqual(600_000 - 1000);
    expect(at % 10_000).toBe(0);
    expect(scheduled[0]?.options.key).toBe(`unread:seller:${at / 10_000}`);
  });
});

describe("preferences and unsubscribe links", () => {
  it("are on by default and saved per kind and channel", async () => {
    expect(await getNotificationSettings(db, BUYER)).toEqual({
      messages: { email: true, push: true },
      alerts: { email: true, push: true },
      favorites: { email: true, push: true },
    });
    await saveNotificationSettings(db, BUYER, {
      messages: { email: true, push: false },
      alerts: { email: false, push: true },
      favorites: { email: true, push: true },
    });
    expect((await getNotificationSettings(db, BUYER)).alerts).toEqual({ email: false, push: true });
  });

  it("turn off exactly that kind's e-mail, without signing in, and refuse a tampered link", async () => {
    const link = new URL(unsubscribeLink(PUBLIC_URL, signer, { userId: "buyer", kind: "alerts" }));
    const params = {
      u: link.searchParams.get("u"),
      kind: link.searchParams.get("kind"),
      token: link.searchParams.get("token"),
    };
    expect(readUnsubscribeLink(signer, params)).toEqual({ userId: "buyer", kind: "alerts" });
    for (const bad of [
      { ...params, kind: "messages" },
      { ...params, u: "seller" },
      { ...params, token: `${params.token?.slice(0, -1)}A` },
      { ...params, token: "<script>" },
      { ...params, u: "../../etc/passwd" },
      { ...params, kind: "everything" },
      { u: null, kind: null, token: null },
    ]) {
      expect(readUnsubscribeLink(signer, bad)).toBeNull();
      await expect(unsubscribe(db, signer, bad)).rejects.toMatchObject({
        code: "INVALID_UNSUBSCRIBE_LINK",
      });
    }
    await unsubscribe(db, signer, params);
    await unsubscribe(db, signer, params);
    expect(await getNotificationSettings(db, BUYER)).toEqual({
      messages: { email: true, push: true },
      alerts: { email: false, push: true },
      favorites: { email: true, push: true },
    });
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(notificationPreferences);
    expect(row?.n).toBe(1);
  });
});
