import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { queryStatsStorage } from "~/db/query-stats.server";
import { conversations, listingImages, listings, messages, profiles, users } from "~/db/schema";
import type { AppError, AppErrorCode } from "~/utils/app-error";
import { appErrorMessage } from "~/utils/form.server";
import { toMessageView } from "~/views/messaging/message-view.server";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { blockMember, unblockMember } from "./block-member.server";
import { countUnread } from "./count-unread.server";
import { findListingConversation } from "./find-listing-conversation.server";
import { getConversation } from "./get-conversation.server";
import { getLiveMessage } from "./get-live-message.server";
import { listInbox } from "./list-inbox.server";
import type { LiveEvent, LiveEventSink } from "./live-events";
import { markConversationRead } from "./mark-conversation-read.server";
import { createLocalHub, createPostgresHub, type HubSignal } from "./message-hub.server";
import { MESSAGE_MAX_LENGTH, parseMessageBody, sendMessageSchema } from "./messaging-schemas";
import { sendMessage } from "./send-message.server";
import { startConversation } from "./start-conversation.server";

let database: TestDatabase;
let db: Database;

const SELLER = { id: "seller" };
const BUYER = { id: "buyer" };
const STRANGER = { id: "stranger" };
const BUYER2 = { id: "buyer2" };

/** Records what the use cases announce. */
function recordingSink() {
  const events: LiveEvent[] = [];
  const sink: LiveEventSink = {
    publish: async (event) => {
      events.push(event);
    },
  };
  return { events, sink };
}
const { events, sink: live } = recordingSink();

// Each call lands in a fresh rate-limit window, so only the limit tests meet the limits.
let clock = Date.UTC(2030, 0, 1);
const tick = () => {
  clock += 61 * 60_000;
  return clock;
};

async function expectCode(promise: Promise<unknown>, code: AppErrorCode) {
  await expect(promise).rejects.toMatchObject({ name: "AppError", code });
}

async function addListing(
  title: string,
  options: { status?: "active" | "sold" | "inactive" | "removed"; userId?: string } = {},
) {
  const [row] = await db
    .insert(listings)
    .values({
      userId: options.userId ?? SELLER.id,
      categoryId: 5,
      title,
      price: 1_500_000,
      status: options.status ?? "active",
    })
    .returning({ id: listings.id });
  return row?.id ?? "";
}

async function countRows() {
  const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(conversations);
  const [m] = await db.select({ n: sql<number>`count(*)::int` }).from(messages);
  return { conversations: c?.n ?? 0, messages: m?.n ?? 0 };
}

let sofa: string;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await db.insert(users).values([
    { id: "seller", name: "Rania", email: "seller@example.com", emailVerified: true },
    {
      id: "buyer",
      name: "Samer",
      email: "buyer@example.com",
      emailVerified: true,
      image: "/media/avatars/samer.webp",
    },
    { id: "stranger", name: "Nour", email: "stranger@example.com", emailVerified: true },
    { id: "buyer2", name: "Omar", email: "buyer2@example.com", emailVerified: true },
    { id: "leaver", name: "Leaver", email: "leaver@example.com", emailVerified: true },
  ]);
  await db.insert(profiles).values([
    { id: "seller", fullName: "Rania Haddad" },
    { id: "buyer", fullName: "  " },
  ]);
  sofa = await addListing("Grey sofa");
  await db.insert(listingImages).values({
    listingId: sofa,
    storageKey: "listings/x/primary",
    variants: [{ width: 320, height: 240, key: "listings/x/primary-320.webp" }],
    width: 320,
    height: 240,
    isPrimary: true,
  });
});

afterAll(async () => {
  await database?.destroy();
});

describe("message text", () => {
  it("is trimmed plain text of 1 to 2,000 characters", () => {
    expect(parseMessageBody("  Hello  ")).toEqual({ ok: true, body: "Hello" });
    expect(parseMessageBody("")).toEqual({ ok: false, code: "MESSAGE_EMPTY" });
    expect(parseMessageBody(" \n\t ")).toEqual({ ok: false, code: "MESSAGE_EMPTY" });
    expect(parseMessageBody(undefined)).toEqual({ ok: false, code: "MESSAGE_EMPTY" });
    expect(parseMessageBody("\u0000\u0007")).toEqual({ ok: false, code: "MESSAGE_EMPTY" });
    expect(parseMessageBody("a".repeat(MESSAGE_MAX_LENGTH))).toMatchObject({ ok: true });
    expect(parseMessageBody("a".repeat(MESSAGE_MAX_LENGTH + 1))).toEqual({
      ok: false,
      code: "MESSAGE_TOO_LONG",
    });
  });

  it("counts an emoji as one character, keeps HTML, Arabic and its digits as typed", () => {
    // 2,000 emoji are 4,000 UTF-16 units but 2,000 characters, like the database counts.
    expect(parseMessageBody("🚗".repeat(2000))).toMatchObject({ ok: true });
    expect(parseMessageBody("🚗".repeat(2001))).toMatchObject({ ok: false });
    expect(parseMessageBody("<script>alert(1)</script>")).toEqual({
      ok: true,
      body: "<script>alert(1)</script>",
    });
    expect(parseMessageBody("السعر ١٬٥٠٠٬٠٠٠ 🙏")).toEqual({
      ok: true,
      body: "السعر ١٬٥٠٠٬٠٠٠ 🙏",
    });
    expect(parseMessageBody("a\r\nb\n\n\n\n\n\nc")).toEqual({ ok: true, body: "a\nb\n\n\nc" });
  });
});

describe("starting a conversation from a listing", () => {
  it("creates the conversation with the first message, in one go, and announces it", async () => {
    const before = events.length;
    const sent = await startConversation({
      db,
      live,
      member: BUYER,
      listingId: sofa,
      body: "  Is it still available? 🙂  ",
      now: tick(),
    });
    expect(sent).toMatchObject({
      created: true,
      senderId: "buyer",
      body: "Is it still available? 🙂",
    });
    const [row] = await db
      .select()
      .from(conversations)
      .where(eq(conversations.id, sent.conversationId));
    expect(row).toMatchObject({ listingId: sofa, buyerId: "buyer", sellerId: "seller" });
    expect(events.slice(before)).toEqual([
      {
        kind: "message",
        conversationId: sent.conversationId,
        messageId: sent.id,
        senderId: "buyer",
        memberIds: ["buyer", "seller"],
      },
    ]);
    expect(await findListingConversation({ db, member: BUYER, listingId: sofa })).toBe(
      sent.conversationId,
    );
    expect(await findListingConversation({ db, member: STRANGER, listingId: sofa })).toBeNull();
  });

  it("continues the same conversation the next time (one per listing and buyer)", async () => {
    const first = await findListingConversation({ db, member: BUYER, listingId: sofa });
    const again = await startConversation({
      db,
      live,
      member: BUYER,
      listingId: sofa,
      body: "Hello again",
      now: tick(),
    });
    expect(again).toMatchObject({ created: false, conversationId: first });
  });

  it("is race-safe: first messages sent at once land in one conversation", async () => {
    const table = await addListing("Race table");
    const before = await countRows();
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        startConversation({
          db,
          live: recordingSink().sink,
          member: BUYER2,
          listingId: table,
          body: `Offer ${n}`,
          now: tick(),
        }),
      ),
    );
    expect(new Set(results.map((r) => r.conversationId)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    const after = await countRows();
    expect(after.conversations - before.conversations).toBe(1);
    expect(after.messages - before.messages).toBe(5);
  });

  it("refuses the seller on their own listing, removed, hidden and unknown listings", async () => {
    const before = await countRows();
    await expectCode(
      startConversation({ db, live, member: SELLER, listingId: sofa, body: "Hi", now: tick() }),
      "CANNOT_MESSAGE_OWN_LISTING",
    );
    const removed = await addListing("Removed", { status: "removed" });
    const hidden = await addListing("Hidden", { status: "inactive" });
    for (const listingId of [removed, hidden, "7b1c3f7e-0a8e-4c55-9f38-1f1f1f1f1f1f"]) {
      await expectCode(
        startConversation({ db, live, member: BUYER, listingId, body: "Hi", now: tick() }),
        "LISTING_NOT_FOUND",
      );
    }
    for (const listingId of ["nope", "' or 1=1 --", "", "00000000-0000-0000-0000-000000000000"]) {
      await expectCode(
        startConversation({ db, live, member: BUYER, listingId, body: "Hi", now: tick() }),
        "INVALID_LISTING_ID",
      );
    }
    expect(await countRows()).toEqual(before);
  });

  it("allows a sold listing (the buyer may still ask)", async () => {
    const sold = await addListing("Sold lamp", { status: "sold" });
    await expect(
      startConversation({ db, live, member: BUYER, listingId: sold, body: "Sold?", now: tick() }),
    ).resolves.toMatchObject({ created: true });
  });

  it("saves nothing for an empty or too long first message", async () => {
    const desk = await addListing("Desk");
    const before = await countRows();
    for (const [body, code] of [
      ["", "MESSAGE_EMPTY"],
      ["   \n  ", "MESSAGE_EMPTY"],
      ["x".repeat(2001), "MESSAGE_TOO_LONG"],
    ] as const) {
      await expectCode(
        startConversation({ db, live, member: BUYER, listingId: desk, body, now: tick() }),
        code,
      );
      // The failure names its field, so the form shows it under the text box.
      await expect(
        startConversation({ db, live, member: BUYER, listingId: desk, body, now: tick() }),
      ).rejects.toMatchObject({ code, field: "body" });
    }
    expect(await countRows()).toEqual(before);
  });
});

describe("sending and reading a conversation", () => {
  let conversationId: string;

  beforeAll(async () => {
    const lamp = await addListing("Brass lamp");
    ({ conversationId } = await startConversation({
      db,
      live,
      member: BUYER,
      listingId: lamp,
      body: "<script>alert('x')</script> السعر ١٥٠ ألف؟",
      now: tick(),
    }));
  });

  it("lets both parties write, stores hostile text as it was typed", async () => {
    const reply = await sendMessage({
      db,
      live,
      member: SELLER,
      conversationId,
      body: "<b>Yes</b> 🙂 — آخر سعر ١٤٠",
      now: tick(),
    });
    expect(reply.body).toBe("<b>Yes</b> 🙂 — آخر سعر ١٤٠");
    await sendMessage({ db, live, member: BUYER, conversationId, body: "OK", now: tick() });
    const thread = await getConversation({ db, member: BUYER, conversationId });
    expect(thread.messages.map((m) => m.body)).toEqual([
      "<script>alert('x')</script> السعر ١٥٠ ألف؟",
      "<b>Yes</b> 🙂 — آخر سعر ١٤٠",
      "OK",
    ]);
    expect(thread).toMatchObject({
      asBuyer: true,
      other: { id: "seller", name: "Rania Haddad" },
      listing: { title: "Brass lamp", price: 1_500_000, status: "active" },
      hasEarlier: false,
    });
  });

  it("refuses other members and malformed ids with NOT_FOUND, saving nothing", async () => {
    const before = await countRows();
    for (const id of [conversationId, "not-a-uuid", "", "'; drop table messages; --"]) {
      await expectCode(
        sendMessage({ db, live, member: STRANGER, conversationId: id, body: "Hi", now: tick() }),
        "NOT_FOUND",
      );
      await expectCode(getConversation({ db, member: STRANGER, conversationId: id }), "NOT_FOUND");
      await expectCode(blockMember({ db, member: STRANGER, conversationId: id }), "NOT_FOUND");
    }
    expect(await markConversationRead({ db, live, member: STRANGER, conversationId })).toBe(0);
    expect(await countRows()).toEqual(before);
  });

  it("checks the text after the party: empty and 2,001 characters are refused", async () => {
    await expectCode(
      sendMessage({ db, live, member: BUYER, conversationId, body: "  ", now: tick() }),
      "MESSAGE_EMPTY",
    );
    await expectCode(
      sendMessage({ db, live, member: BUYER, conversationId, body: "ب".repeat(2001), now: tick() }),
      "MESSAGE_TOO_LONG",
    );
  });

  it("marks only the messages to the reader read, and announces it", async () => {
    expect(await countUnread({ db, member: SELLER })).toBeGreaterThanOrEqual(2);
    const sellerBefore = await countUnread({ db, member: SELLER });
    const buyerBefore = await countUnread({ db, member: BUYER });
    const before = events.length;
    const changed = await markConversationRead({ db, live, member: SELLER, conversationId });
    expect(changed).toBe(2);
    expect(events.slice(before)).toEqual([
      { kind: "read", conversationId, readerId: "seller", memberIds: ["seller", "buyer"] },
    ]);
    expect(await countUnread({ db, member: SELLER })).toBe(sellerBefore - 2);
    expect(await countUnread({ db, member: BUYER })).toBe(buyerBefore);
    // Nothing left to mark: no event.
    expect(await markConversationRead({ db, live, member: SELLER, conversationId })).toBe(0);
    expect(events.length).toBe(before + 1);
    const thread = await getConversation({ db, member: BUYER, conversationId });
    expect(thread.messages.filter((m) => m.senderId === "buyer").every((m) => m.readAt)).toBe(true);
    expect(thread.messages.find((m) => m.senderId === "seller")?.readAt).toBeNull();
  });

  it("reads a live message only for its parties, with the unread count", async () => {
    const sent = await sendMessage({
      db,
      live,
      member: BUYER,
      conversationId,
      body: "Live?",
      now: tick(),
    });
    const forSeller = await getLiveMessage({ db, member: SELLER, messageId: sent.id });
    expect(forSeller).toMatchObject({
      conversationId,
      id: sent.id,
      body: "Live?",
      senderId: "buyer",
      unread: await countUnread({ db, member: SELLER }),
    });
    expect(await getLiveMessage({ db, member: STRANGER, messageId: sent.id })).toBeNull();
    expect(await getLiveMessage({ db, member: SELLER, messageId: "x" })).toBeNull();
  });

  it("shows the latest messages of a long thread, oldest first", async () => {
    const thread = await getConversation({ db, member: SELLER, conversationId, limit: 2 });
    expect(thread.hasEarlier).toBe(true);
    expect(thread.messages.map((m) => m.body)).toEqual(["OK", "Live?"]);
  });
});

describe("the inbox and the unread count", () => {
  it("lists conversations newest first with everything a row shows, in one query", async () => {
    const stats = { count: 0 };
    const inbox = await queryStatsStorage.run(stats, () => listInbox({ db, member: SELLER }));
    expect(stats.count).toBe(1);
    expect(inbox.length).toBeGreaterThanOrEqual(3);
    const times = inbox.map((entry) => entry.lastMessageAt.getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const aboutSofa = inbox.find((entry) => entry.listing.id === sofa);
    expect(aboutSofa).toMatchObject({
      listing: {
        title: "Grey sofa",
        price: 1_500_000,
        image: [{ width: 320, height: 240, key: "listings/x/primary-320.webp" }],
      },
      // A blank profile name falls back to the account name.
      other: { id: "buyer", name: "Samer", avatarUrl: "/media/avatars/samer.webp" },
      lastMessage: { body: "Hello again", mine: false },
      unread: 2,
    });
    const forBuyer = await listInbox({ db, member: BUYER });
    expect(forBuyer.find((entry) => entry.listing.id === sofa)).toMatchObject({
      other: { id: "seller", name: "Rania Haddad", avatarUrl: null },
      lastMessage: { mine: true },
      unread: 0,
    });
    expect(await listInbox({ db, member: STRANGER })).toEqual([]);
  });

  it("counts unread messages in one query", async () => {
    const stats = { count: 0 };
    const inbox = await listInbox({ db, member: SELLER });
    const n = await queryStatsStorage.run(stats, () => countUnread({ db, member: SELLER }));
    expect(stats.count).toBe(1);
    expect(n).toBe(inbox.reduce((sum, entry) => sum + entry.unread, 0));
    // The conversation being opened is left out of the header's count.
    const aboutSofa = inbox.find((entry) => entry.listing.id === sofa);
    expect(await countUnread({ db, member: SELLER, exceptConversationId: aboutSofa?.id })).toBe(
      n - (aboutSofa?.unread ?? 0),
    );
    expect(await countUnread({ db, member: STRANGER })).toBe(0);
  });
});

describe("blocking", () => {
  it("stops the blocked member writing to the blocker, anywhere, until unblocked", async () => {
    const chair = await addListing("Chair");
    const stool = await addListing("Stool");
    const { conversationId } = await startConversation({
      db,
      live,
      member: BUYER2,
      listingId: chair,
      body: "Hi",
      now: tick(),
    });
    await blockMember({ db, member: SELLER, conversationId });
    // Twice is fine.
    await blockMember({ db, member: SELLER, conversationId });
    const before = await countRows();
    await expectCode(
      sendMessage({ db, live, member: BUYER2, conversationId, body: "Hello?", now: tick() }),
      "BLOCKED_BY_MEMBER",
    );
    await expectCode(
      startConversation({ db, live, member: BUYER2, listingId: stool, body: "Hi", now: tick() }),
      "BLOCKED_BY_MEMBER",
    );
    // The blocker is told to unblock before writing.
    await expectCode(
      sendMessage({ db, live, member: SELLER, conversationId, body: "Hi", now: tick() }),
      "MEMBER_BLOCKED",
    );
    expect(await countRows()).toEqual(before);
    const forBlocked = await getConversation({ db, member: BUYER2, conversationId });
    expect(forBlocked).toMatchObject({ blockedMe: true, iBlocked: false });
    const forBlocker = await getConversation({ db, member: SELLER, conversationId });
    expect(forBlocker).toMatchObject({ blockedMe: false, iBlocked: true });
    // The blocked member cannot lift it; only the blocker can.
    await unblockMember({ db, member: BUYER2, conversationId });
    await expectCode(
      sendMessage({ db, live, member: BUYER2, conversationId, body: "Hello?", now: tick() }),
      "BLOCKED_BY_MEMBER",
    );
    await unblockMember({ db, member: SELLER, conversationId });
    await expect(
      sendMessage({ db, live, member: BUYER2, conversationId, body: "Hello?", now: tick() }),
    ).resolves.toMatchObject({ body: "Hello?" });
  });
});

describe("a message sent again (the outbox's client id, issue 31)", () => {
  let conversationId: string;
  const ids = () => crypto.randomUUID();

  beforeAll(async () => {
    const radio = await addListing("Radio");
    ({ conversationId } = await startConversation({
      db,
      live,
      member: BUYER,
      listingId: radio,
      body: "Hi",
      now: tick(),
    }));
  });

  it("is one message however often it comes, answered as saved, announced once", async () => {
    const clientId = ids();
    const before = await countRows();
    const announced = events.length;
    const first = await sendMessage({
      db,
      live,
      member: BUYER,
      conversationId,
      body: "Written in the dark",
      clientId,
      now: tick(),
    });
    const again = await sendMessage({
      db,
      live,
      member: BUYER,
      conversationId,
      body: "Written in the dark",
      clientId: clientId.toUpperCase().toLowerCase(),
      now: tick(),
    });
    expect(again).toEqual(first);
    expect(first.clientId).toBe(clientId);
    expect((await countRows()).messages).toBe(before.messages + 1);
    expect(events.length).toBe(announced + 1);
    // The thread gives it back with its id, for the sender's outbox.
    const thread = await getConversation({ db, member: BUYER, conversationId });
    expect(thread.messages.at(-1)).toMatchObject({ id: first.id, clientId });
  });

  it("keeps the order written: each arrives after the one before", async () => {
    const written = ["one", "two", "three"].map((body) => ({ body, clientId: ids() }));
    for (const message of written) {
      await sendMessage({ db, live, member: BUYER, conversationId, ...message, now: tick() });
    }
    // The first sent again after the others: still one, still first.
    await sendMessage({ db, live, member: BUYER, conversationId, ...written[0]!, now: tick() });
    const thread = await getConversation({ db, member: BUYER, conversationId });
    expect(thread.messages.slice(-3).map((m) => m.body)).toEqual(["one", "two", "three"]);
  });

  it("is answered as saved after the conversation closed, and a new one is refused", async () => {
    const lamp = await addListing("Lamp for later");
    const closing = await startConversation({
      db,
      live,
      member: BUYER,
      listingId: lamp,
      body: "Hi",
      now: tick(),
    });
    const clientId = ids();
    const sent = await sendMessage({
      db,
      live,
      member: BUYER,
      conversationId: closing.conversationId,
      body: "Still for sale?",
      clientId,
      now: tick(),
    });
    await db.update(listings).set({ status: "removed" }).where(eq(listings.id, lamp));
    await expect(
      sendMessage({
        db,
        live,
        member: BUYER,
        conversationId: closing.conversationId,
        body: "Still for sale?",
        clientId,
        now: tick(),
      }),
    ).resolves.toEqual(sent);
    // Written offline before the removal, arriving after it: refused, with the reason.
    await expectCode(
      sendMessage({
        db,
        live,
        member: BUYER,
        conversationId: closing.conversationId,
        body: "Hello?",
        clientId: ids(),
        now: tick(),
      }),
      "CONVERSATION_CLOSED",
    );
  });

  it("names nothing of another member's: the same id from them is their own message", async () => {
    const clientId = ids();
    const mine = await sendMessage({
      db,
      live,
      member: BUYER,
      conversationId,
      body: "Mine",
      clientId,
      now: tick(),
    });
    const theirs = await sendMessage({
      db,
      live,
      member: SELLER,
      conversationId,
      body: "Theirs",
      clientId,
      now: tick(),
    });
    expect(theirs.id).not.toBe(mine.id);
    expect(theirs.body).toBe("Theirs");
    // The seller's view never carries the buyer's client id.
    const thread = await getConversation({ db, member: SELLER, conversationId });
    const views = thread.messages.map((m) => toMessageView("en", SELLER.id, m));
    expect(views.find((v) => v.id === mine.id)?.clientId).toBeUndefined();
    expect(views.find((v) => v.id === theirs.id)?.clientId).toBe(clientId);
    // A stranger replaying it learns nothing: the conversation is not there for them.
    await expectCode(
      sendMessage({ db, live, member: STRANGER, conversationId, body: "x", clientId, now: tick() }),
      "NOT_FOUND",
    );
    // The buyer's own id sent into another conversation is refused, not answered with "Mine".
    const other = await startConversation({
      db,
      live,
      member: BUYER,
      listingId: await addListing("Kettle"),
      body: "Hi",
      now: tick(),
    });
    await expectCode(
      sendMessage({
        db,
        live,
        member: BUYER,
        conversationId: other.conversationId,
        body: "Mine",
        clientId,
        now: tick(),
      }),
      "INVALID_REQUEST",
    );
  });

  it("sent ten times at once is one message, and only that one counts against the limits", async () => {
    const clientId = ids();
    const before = await countRows();
    // All in one burst window (8 messages in 10 seconds): the copies cost nothing.
    const now = tick();
    const sends = await Promise.all(
      Array.from({ length: 10 }, () =>
        sendMessage({
          db,
          live,
          member: BUYER,
          conversationId,
          body: "Back online",
          clientId,
          now,
        }),
      ),
    );
    expect(new Set(sends.map((m) => m.id)).size).toBe(1);
    expect((await countRows()).messages).toBe(before.messages + 1);
    for (let n = 0; n < 7; n++) {
      await sendMessage({
        db,
        live,
        member: BUYER,
        conversationId,
        body: `${n}`,
        clientId: ids(),
        now,
      });
    }
    await expectCode(
      sendMessage({ db, live, member: BUYER, conversationId, body: "ninth", clientId: ids(), now }),
      "MESSAGE_RATE_LIMITED",
    );
    expect((await countRows()).messages).toBe(before.messages + 8);
  });

  it("refuses a malformed client id as a form error, before anything is saved", () => {
    for (const clientId of ["", "1; drop table messages", "../../etc", "٠١٢٣", "x".repeat(500)]) {
      const parsed = sendMessageSchema.safeParse({ body: "Hi", clientId });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe("INVALID_REQUEST");
    }
    const upper = crypto.randomUUID().toUpperCase();
    expect(sendMessageSchema.parse({ body: "Hi", clientId: upper }).clientId).toBe(
      upper.toLowerCase(),
    );
  });
});

describe("closed conversations", () => {
  it("can be read but not written once the listing is removed or the other member left", async () => {
    const vase = await addListing("Vase");
    const { conversationId } = await startConversation({
      db,
      live,
      member: BUYER,
      listingId: vase,
      body: "Hi",
      now: tick(),
    });
    await db.update(listings).set({ status: "removed" }).where(eq(listings.id, vase));
    await expectCode(
      sendMessage({ db, live, member: SELLER, conversationId, body: "Hi", now: tick() }),
      "CONVERSATION_CLOSED",
    );
    await expect(getConversation({ db, member: SELLER, conversationId })).resolves.toMatchObject({
      listing: { status: "removed" },
    });

    const rug = await addListing("Rug", { userId: "leaver" });
    const left = await startConversation({
      db,
      live,
      member: BUYER,
      listingId: rug,
      body: "Hi",
      now: tick(),
    });
    await db
      .update(conversations)
      .set({ sellerId: null })
      .where(eq(conversations.id, left.conversationId));
    await expectCode(
      sendMessage({
        db,
        live,
        member: BUYER,
        conversationId: left.conversationId,
        body: "?",
        now: tick(),
      }),
      "CONVERSATION_CLOSED",
    );
    const thread = await getConversation({
      db,
      member: BUYER,
      conversationId: left.conversationId,
    });
    expect(thread.other).toBeNull();
  });
});

describe("sending limits", () => {
  it("allow a burst of 8 in 10 seconds and 20 a minute, then say how long to wait", async () => {
    await db.insert(users).values({ id: "chatty", name: "Chatty", email: "chatty@example.com" });
    const chatty = { id: "chatty" };
    const mirror = await addListing("Mirror");
    const start = Date.UTC(2031, 0, 1, 12, 0, 0);
    const { conversationId } = await startConversation({
      db,
      live,
      member: chatty,
      listingId: mirror,
      body: "1",
      now: start,
    });
    const send = (n: number, at: number) =>
      sendMessage({ db, live, member: chatty, conversationId, body: String(n), now: at });
    for (let n = 2; n <= 8; n++) await send(n, start + n);
    await expect(send(9, start + 9)).rejects.toMatchObject({
      code: "MESSAGE_RATE_LIMITED",
      status: 429,
      params: { seconds: 10 },
    });
    // A new 10-second window; the minute counts the 8 that went through (a refused message
    // counts for nothing, so refusals cannot use up the minute's places).
    let n = 10;
    for (const at of [11_000, 12_000, 13_000, 14_000, 15_000, 16_000, 17_000, 18_000]) {
      await send(n++, start + at);
    }
    for (const at of [22_000, 23_000, 24_000, 25_000]) await send(n++, start + at);
    await expect(send(n++, start + 26_000)).rejects.toMatchObject({
      code: "MESSAGE_RATE_LIMITED",
      params: { seconds: 34 },
    });
    // A minute later all is well again.
    await expect(send(n++, start + 61_000)).resolves.toBeTruthy();
    // Another member is not affected.
    await expect(
      sendMessage({ db, live, member: SELLER, conversationId, body: "hi", now: start + 25_000 }),
    ).resolves.toBeTruthy();
  });

  it("allow 20 new conversations an hour", async () => {
    await db.insert(users).values({ id: "spammer", name: "Spam", email: "spam@example.com" });
    const spammer = { id: "spammer" };
    const ids = await Promise.all(Array.from({ length: 21 }, (_, i) => addListing(`Item ${i}`)));
    const start = Date.UTC(2032, 0, 1);
    for (const [i, listingId] of ids.slice(0, 20).entries()) {
      // Spaced out so only the hourly rule counts.
      await startConversation({
        db,
        live,
        member: spammer,
        listingId,
        body: "Cheap loans!",
        now: start + i * 61_000,
      });
    }
    const before = await countRows();
    await expectCode(
      startConversation({
        db,
        live,
        member: spammer,
        listingId: ids[20] ?? "",
        body: "Cheap loans!",
        now: start + 21 * 61_000,
      }),
      "CONVERSATION_RATE_LIMITED",
    );
    expect(await countRows()).toEqual(before);
    // Told in minutes, in their language: the hour began at the first conversation.
    const refused = await startConversation({
      db,
      live,
      member: spammer,
      listingId: ids[20] ?? "",
      body: "Cheap loans!",
      now: start + 22 * 61_000,
    }).catch((error: AppError) => error);
    expect(appErrorMessage("en", refused as AppError)).toBe(
      "You have written to many sellers in a short time. You can start another conversation in 38 minutes.",
    );
    expect(appErrorMessage("ar", refused as AppError)).toBe(
      "لقد راسلت بائعين كثيرين في وقت قصير. يمكنك بدء محادثة جديدة بعد ٣٨ دقيقة.",
    );
  });
});

describe("the live hub", () => {
  it("delivers an event to the streams of its members only", async () => {
    const hub = createLocalHub();
    const got: Record<string, HubSignal[]> = { seller: [], buyer: [], stranger: [] };
    const stops = Object.keys(got).map((id) => hub.subscribe(id, (s) => got[id]?.push(s)));
    expect(hub.size()).toBe(3);
    const event: LiveEvent = {
      kind: "message",
      conversationId: "c",
      messageId: "m",
      senderId: "buyer",
      memberIds: ["seller", "buyer"],
    };
    await hub.publish(event);
    expect(got).toEqual({ seller: [event], buyer: [event], stranger: [] });
    for (const stop of stops) stop();
    expect(hub.size()).toBe(0);
    await hub.close();
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    "on PostgreSQL, reaches a member connected to another instance, once",
    async () => {
      const url = database.location.databaseUrl ?? "";
      const a = createPostgresHub({ db, url });
      const b = createPostgresHub({ db, url });
      await Promise.all([a.ready, b.ready]);
      const onA: HubSignal[] = [];
      const onB: HubSignal[] = [];
      a.subscribe("seller", (s) => onA.push(s));
      b.subscribe("seller", (s) => onB.push(s));
      const event: LiveEvent = {
        kind: "message",
        conversationId: "c1",
        messageId: "m1",
        senderId: "buyer",
        memberIds: ["seller", "buyer"],
      };
      await a.publish(event);
      await expect.poll(() => onB.length).toBe(1);
      expect(onB[0]).toEqual(event);
      // Delivered locally at once, and not a second time from its own notification.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(onA).toEqual([event]);
      await a.close();
      await b.close();
      expect(onB.at(-1)).toEqual({ kind: "shutdown" });
    },
  );
});
