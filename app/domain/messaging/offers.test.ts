import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { blocks, conversations, listings, messages, offers, users } from "~/db/schema";
import type { AppErrorCode } from "~/utils/app-error";
import { toThreadView } from "~/views/messaging/thread-view.server";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { getConversation } from "./get-conversation.server";
import { getLiveMessage } from "./get-live-message.server";
import type { LiveEvent, LiveEventSink } from "./live-events";
import { OFFER_MAX, parseOfferAmount } from "./messaging-schemas";
import { answerOffer, makeOffer } from "./offers.server";
import { startConversation } from "./start-conversation.server";

let database: TestDatabase;
let db: Database;

const SELLER = { id: "o-seller" };
const BUYER = { id: "o-buyer" };
const STRANGER = { id: "o-stranger" };

const events: LiveEvent[] = [];
const live: LiveEventSink = {
  publish: async (event) => {
    events.push(event);
  },
};

// Each call lands in a fresh rate-limit window, so only the flood test meets the limits.
let clock = Date.UTC(2031, 0, 1);
const tick = () => {
  clock += 61 * 60_000;
  return clock;
};

async function expectCode(promise: Promise<unknown>, code: AppErrorCode) {
  await expect(promise).rejects.toMatchObject({ name: "AppError", code });
}

const storage = { urlFor: (key: string) => `/media/${key}` } as never;

/** A fresh listing and the buyer's conversation about it. */
async function conversation(price = 5_000_000) {
  const [listing] = await db
    .insert(listings)
    .values({ userId: SELLER.id, categoryId: 5, title: "Kia Rio 2012", price, status: "active" })
    .returning({ id: listings.id });
  const listingId = listing?.id ?? "";
  const sent = await startConversation({
    db,
    live,
    member: BUYER,
    listingId,
    body: "Is it still available?",
    now: tick(),
  });
  return { listingId, conversationId: sent.conversationId };
}

async function offerRows(conversationId: string) {
  return db
    .select({ status: offers.status, amount: offers.amount, madeBy: offers.madeBy })
    .from(offers)
    .where(eq(offers.conversationId, conversationId))
    .orderBy(offers.createdAt);
}

async function messageCount(conversationId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .where(eq(messages.conversationId, conversationId));
  return row?.n ?? 0;
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await db.insert(users).values([
    { id: SELLER.id, name: "Rania", email: "o-seller@example.com", emailVerified: true },
    { id: BUYER.id, name: "Samer", email: "o-buyer@example.com", emailVerified: true },
    { id: STRANGER.id, name: "Nour", email: "o-stranger@example.com", emailVerified: true },
  ]);
});

afterAll(async () => {
  await database?.destroy();
});

beforeEach(() => {
  events.length = 0;
});

describe("an offer's amount", () => {
  it("is a whole number of SYP, in Latin or Arabic-Indic digits", () => {
    expect(parseOfferAmount("4500000")).toEqual({ ok: true, amount: 4_500_000 });
    expect(parseOfferAmount("4,500,000")).toEqual({ ok: true, amount: 4_500_000 });
    expect(parseOfferAmount("٤٥٠٠٠٠٠")).toEqual({ ok: true, amount: 4_500_000 });
    expect(parseOfferAmount(" ٤٬٥٠٠٬٠٠٠ ")).toEqual({ ok: true, amount: 4_500_000 });
  });

  it("refuses nothing, zero, negative, fractional, hostile and huge amounts", () => {
    for (const bad of [
      "",
      "  ",
      "0",
      "-5",
      "4.5",
      "1e9",
      "abc",
      "<b>5</b>",
      "5; drop table",
      null,
    ]) {
      expect(parseOfferAmount(bad)).toEqual({ ok: false, code: "OFFER_AMOUNT_INVALID" });
    }
    expect(parseOfferAmount(String(OFFER_MAX + 1))).toEqual({
      ok: false,
      code: "OFFER_AMOUNT_TOO_HIGH",
    });
    expect(parseOfferAmount("9".repeat(400))).toMatchObject({ ok: false });
  });
});

describe("making an offer", () => {
  it("writes a step into the conversation in the sender's words, and tells both parties", async () => {
    const { conversationId } = await conversation();
    events.length = 0;
    const sent = await makeOffer({
      db,
      live,
      member: BUYER,
      conversationId,
      amount: "4٬200٬000",
      lang: "ar",
      now: tick(),
    });
    expect(sent).toMatchObject({ step: "made", amount: 4_200_000, conversationId });
    expect(await offerRows(conversationId)).toEqual([
      { status: "open", amount: 4_200_000, madeBy: BUYER.id },
    ]);
    const [message] = await db
      .select({ body: messages.body, step: messages.offerStep, sender: messages.senderId })
      .from(messages)
      .where(eq(messages.id, sent.messageId));
    expect(message).toEqual({ body: "عرض: ٤٬٢٠٠٬٠٠٠ ل.س", step: "made", sender: BUYER.id });
    expect(events).toEqual([
      expect.objectContaining({ kind: "message", messageId: sent.messageId, senderId: BUYER.id }),
    ]);
    // The live stream names the offer, so the page reloads to draw it.
    const liveMessage = await getLiveMessage({ db, member: SELLER, messageId: sent.messageId });
    expect(liveMessage?.offerId).toBe(sent.offerId);
  });

  it("allows one open offer per conversation: the maker waits for the answer", async () => {
    const { conversationId } = await conversation();
    await makeOffer({ db, live, member: BUYER, conversationId, amount: 4_000_000, lang: "en" });
    const before = await messageCount(conversationId);
    await expectCode(
      makeOffer({ db, live, member: BUYER, conversationId, amount: "4100000", lang: "en" }),
      "OFFER_WAITING",
    );
    expect(await messageCount(conversationId)).toBe(before);
    expect(await offerRows(conversationId)).toHaveLength(1);
  });

  it("is refused to a stranger as if the conversation did not exist", async () => {
    const { conversationId } = await conversation();
    await expectCode(
      makeOffer({ db, live, member: STRANGER, conversationId, amount: "1000", lang: "en" }),
      "NOT_FOUND",
    );
    await expectCode(
      makeOffer({ db, live, member: BUYER, conversationId: "../etc", amount: "1", lang: "en" }),
      "NOT_FOUND",
    );
    expect(await offerRows(conversationId)).toEqual([]);
  });

  it("is refused with the amount's reason, and nothing is saved", async () => {
    const { conversationId } = await conversation();
    const before = await messageCount(conversationId);
    await expectCode(
      makeOffer({ db, live, member: BUYER, conversationId, amount: "<script>", lang: "en" }),
      "OFFER_AMOUNT_INVALID",
    );
    await expectCode(
      makeOffer({ db, live, member: BUYER, conversationId, amount: "1".repeat(15), lang: "en" }),
      "OFFER_AMOUNT_TOO_HIGH",
    );
    expect(await messageCount(conversationId)).toBe(before);
  });

  it("is refused on a sold listing, a removed one and across a block", async () => {
    const sold = await conversation();
    await db.update(listings).set({ status: "sold" }).where(eq(listings.id, sold.listingId));
    await expectCode(
      makeOffer({
        db,
        live,
        member: BUYER,
        conversationId: sold.conversationId,
        amount: 1,
        lang: "en",
      }),
      "OFFER_LISTING_CLOSED",
    );
    const removed = await conversation();
    await db.update(listings).set({ status: "removed" }).where(eq(listings.id, removed.listingId));
    await expectCode(
      makeOffer({
        db,
        live,
        member: BUYER,
        conversationId: removed.conversationId,
        amount: 1,
        lang: "en",
      }),
      "CONVERSATION_CLOSED",
    );
    const blocked = await conversation();
    await db.insert(blocks).values({ blockerId: SELLER.id, blockedId: BUYER.id });
    try {
      await expectCode(
        makeOffer({
          db,
          live,
          member: BUYER,
          conversationId: blocked.conversationId,
          amount: 1,
          lang: "en",
        }),
        "BLOCKED_BY_MEMBER",
      );
    } finally {
      await db.delete(blocks).where(eq(blocks.blockerId, SELLER.id));
    }
  });

  it("may be made on a reserved listing (a buyer in reserve)", async () => {
    const { listingId, conversationId } = await conversation();
    await db.update(listings).set({ reservedAt: new Date() }).where(eq(listings.id, listingId));
    await expect(
      makeOffer({ db, live, member: BUYER, conversationId, amount: 3_000_000, lang: "en" }),
    ).resolves.toMatchObject({ step: "made" });
  });
});

describe("answering an offer", () => {
  it("goes made → countered → accepted, and the accepted price heads the thread", async () => {
    const { conversationId } = await conversation(5_000_000);
    const first = await makeOffer({
      db,
      live,
      member: BUYER,
      conversationId,
      amount: 4_000_000,
      lang: "en",
      now: tick(),
    });
    // The maker cannot answer their own offer, and the buyer cannot offer again meanwhile.
    await expectCode(
      answerOffer({
        db,
        live,
        member: BUYER,
        conversationId,
        offerId: first.offerId,
        answer: "accept",
        lang: "en",
      }),
      "OFFER_OWN",
    );
    const counter = await makeOffer({
      db,
      live,
      member: SELLER,
      conversationId,
      amount: "4,600,000",
      lang: "en",
      now: tick(),
    });
    expect(counter.step).toBe("countered");
    expect(await offerRows(conversationId)).toEqual([
      { status: "countered", amount: 4_000_000, madeBy: BUYER.id },
      { status: "open", amount: 4_600_000, madeBy: SELLER.id },
    ]);
    // The countered offer can no longer be accepted.
    await expectCode(
      answerOffer({
        db,
        live,
        member: SELLER,
        conversationId,
        offerId: first.offerId,
        answer: "accept",
        lang: "en",
      }),
      "OFFER_NOT_OPEN",
    );
    await expectCode(
      answerOffer({
        db,
        live,
        member: STRANGER,
        conversationId,
        offerId: counter.offerId,
        answer: "accept",
        lang: "en",
      }),
      "NOT_FOUND",
    );
    const accepted = await answerOffer({
      db,
      live,
      member: BUYER,
      conversationId,
      offerId: counter.offerId.toUpperCase(),
      answer: "accept",
      lang: "en",
      now: tick(),
    });
    expect(accepted).toMatchObject({ step: "accepted", amount: 4_600_000 });
    await expectCode(
      answerOffer({
        db,
        live,
        member: BUYER,
        conversationId,
        offerId: counter.offerId,
        answer: "decline",
        lang: "en",
      }),
      "OFFER_NOT_OPEN",
    );

    const sellerThread = await getConversation({ db, member: SELLER, conversationId });
    expect(sellerThread.acceptedOffer?.amount).toBe(4_600_000);
    expect(sellerThread.openOffer).toBeNull();
    expect(sellerThread.messages.map((m) => [m.offer?.step, m.offer?.status, m.body])).toEqual([
      [undefined, undefined, "Is it still available?"],
      ["made", "countered", "Offer: SYP 4,000,000"],
      ["countered", "accepted", "Counter-offer: SYP 4,600,000"],
      ["accepted", "accepted", "Offer accepted: SYP 4,600,000"],
    ]);
    const view = toThreadView({
      lang: "en",
      readerId: SELLER.id,
      thread: sellerThread,
      inbox: [],
      storage,
      confirmBlock: false,
      usdRate: { rate: 0.0001, rateDate: null },
    });
    expect(view.offers.accepted).toMatchObject({
      text: "Agreed price: SYP 4,600,000",
      canReserve: true,
      reserved: false,
    });
    expect(view.offers.accepted?.usd).toContain("$460");
    expect(view.messages.every((m) => !m.offer?.answerable)).toBe(true);
    // The buyer sees the agreed price too, but only the seller reserves.
    const buyerView = toThreadView({
      lang: "ar",
      readerId: BUYER.id,
      thread: await getConversation({ db, member: BUYER, conversationId }),
      inbox: [],
      storage,
      confirmBlock: false,
    });
    expect(buyerView.offers.accepted).toMatchObject({
      text: "السعر المتفق عليه: ٤٬٦٠٠٬٠٠٠ ل.س",
      canReserve: false,
    });
  });

  it("shows Accept and Decline only to the member who did not make the open offer", async () => {
    const { conversationId } = await conversation();
    await makeOffer({ db, live, member: BUYER, conversationId, amount: 100, lang: "en" });
    const views = await Promise.all(
      [SELLER, BUYER].map(async (member) =>
        toThreadView({
          lang: "en",
          readerId: member.id,
          thread: await getConversation({ db, member, conversationId }),
          inbox: [],
          storage,
          confirmBlock: false,
        }),
      ),
    );
    const [seller, buyer] = views;
    expect(seller?.messages.at(-1)?.offer).toMatchObject({
      answerable: true,
      statusLabel: "Waiting for an answer",
    });
    expect(seller?.offers.form).toMatchObject({ counter: true });
    expect(buyer?.messages.at(-1)?.offer).toMatchObject({ answerable: false });
    // The buyer's own offer waits: no second one.
    expect(buyer?.offers.form).toBeNull();
  });

  it("declines, after which the buyer may offer again; a sold listing can only be declined", async () => {
    const { listingId, conversationId } = await conversation();
    const first = await makeOffer({
      db,
      live,
      member: BUYER,
      conversationId,
      amount: 100,
      lang: "en",
    });
    await answerOffer({
      db,
      live,
      member: SELLER,
      conversationId,
      offerId: first.offerId,
      answer: "decline",
      lang: "en",
      now: tick(),
    });
    const second = await makeOffer({
      db,
      live,
      member: BUYER,
      conversationId,
      amount: 200,
      lang: "en",
      now: tick(),
    });
    await db.update(listings).set({ status: "sold" }).where(eq(listings.id, listingId));
    await expectCode(
      answerOffer({
        db,
        live,
        member: SELLER,
        conversationId,
        offerId: second.offerId,
        answer: "accept",
        lang: "en",
      }),
      "OFFER_LISTING_CLOSED",
    );
    await answerOffer({
      db,
      live,
      member: SELLER,
      conversationId,
      offerId: second.offerId,
      answer: "decline",
      lang: "en",
      now: tick(),
    });
    expect((await offerRows(conversationId)).map((o) => o.status)).toEqual([
      "declined",
      "declined",
    ]);
  });

  it("names nothing with another conversation's offer or a malformed id", async () => {
    const one = await conversation();
    const other = await conversation();
    const offer = await makeOffer({
      db,
      live,
      member: BUYER,
      conversationId: other.conversationId,
      amount: 5,
      lang: "en",
    });
    for (const offerId of [offer.offerId, "x' or 1=1 --", "", 42]) {
      await expectCode(
        answerOffer({
          db,
          live,
          member: SELLER,
          conversationId: one.conversationId,
          offerId,
          answer: "accept",
          lang: "en",
        }),
        "OFFER_NOT_OPEN",
      );
    }
    expect((await offerRows(other.conversationId))[0]?.status).toBe("open");
  });
});

describe("offers at once and in floods", () => {
  it("keeps one open offer when ten arrive at once", async () => {
    const { conversationId } = await conversation();
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        makeOffer({ db, live, member: BUYER, conversationId, amount: 1000 + i, lang: "en" }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) {
      if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "OFFER_WAITING" });
    }
    expect(await offerRows(conversationId)).toHaveLength(1);
    const steps = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(messages)
      .where(
        sql`${messages.conversationId} = ${conversationId} and ${messages.offerId} is not null`,
      );
    expect(steps[0]?.n).toBe(1);
  });

  it("lets one answer win when accept and decline arrive at once", async () => {
    const { conversationId } = await conversation();
    const offer = await makeOffer({
      db,
      live,
      member: BUYER,
      conversationId,
      amount: 9,
      lang: "en",
    });
    const results = await Promise.allSettled(
      (["accept", "decline", "accept"] as const).map((answer) =>
        answerOffer({
          db,
          live,
          member: SELLER,
          conversationId,
          offerId: offer.offerId,
          answer,
          lang: "en",
        }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await messageCount(conversationId)).toBe(3);
  });

  it("costs the sending limits of a message: a flood of counter-offers stops", async () => {
    const { conversationId } = await conversation();
    const now = tick();
    const refused: unknown[] = [];
    // The two members counter each other as fast as they can, in one burst window.
    for (let i = 0; i < 20 && refused.length === 0; i++) {
      const member = i % 2 === 0 ? BUYER : SELLER;
      await makeOffer({
        db,
        live,
        member,
        conversationId,
        amount: 1000 + i,
        lang: "en",
        now,
      }).catch((error: unknown) => refused.push(error));
    }
    expect(refused[0]).toMatchObject({ code: "MESSAGE_RATE_LIMITED" });
    // Each member's burst is 8: the 17th step is the first refused, and it left nothing behind.
    expect(await offerRows(conversationId)).toHaveLength(16);
    expect((await offerRows(conversationId)).filter((o) => o.status === "open")).toHaveLength(1);
  });
});

describe("conversations table", () => {
  it("moves the conversation up the inbox with each step", async () => {
    const { conversationId } = await conversation();
    const [before] = await db
      .select({ at: conversations.lastMessageAt })
      .from(conversations)
      .where(eq(conversations.id, conversationId));
    await new Promise((resolve) => setTimeout(resolve, 5));
    await makeOffer({ db, live, member: BUYER, conversationId, amount: 7, lang: "en" });
    const [after] = await db
      .select({ at: conversations.lastMessageAt })
      .from(conversations)
      .where(eq(conversations.id, conversationId));
    expect(after?.at.getTime()).toBeGreaterThan(before?.at.getTime() ?? 0);
  });
});
