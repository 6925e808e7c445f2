import { and, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { conversations, messages, offers } from "~/db/schema";
import type { Member } from "~/domain/accounts/session.server";
import type { Lang } from "~/i18n/config";
import { formatPrice } from "~/i18n/format";
import { serverT } from "~/i18n/i18n.server";
import { AppError } from "~/utils/app-error";
import {
  findConversationAsParty,
  isConversationId,
  sendRefusal,
} from "./conversation-access.server";
import type { LiveEventSink } from "./live-events";
import { parseOfferAmount } from "./messaging-schemas";
import type { OfferStep } from "./offer-rules";
import { announce, checkSendingLimits } from "./send-message.server";

export interface OfferSent {
  offerId: string;
  messageId: string;
  conversationId: string;
  step: OfferStep;
  amount: number;
}

interface OfferAction {
  db: Database;
  live: LiveEventSink;
  member: Pick<Member, "id">;
  conversationId: unknown;
  /** The sender's language: the message's text (inbox, notices, moderators) is in their words. */
  lang: Lang;
  /** For tests of the time windows. */
  now?: number;
}

/** The step as a message's text, in the sender's language ("Offer: SYP 4,500,000"). */
export function offerStepText(lang: Lang, step: OfferStep, amount: number) {
  return serverT(lang, "messages")(`offers.step.${step}`, { amount: formatPrice(lang, amount) });
}

/**
 * A member offers a price in a conversation (issue 31): a new offer when none is open, or a
 * counter-offer to the other party's open one (which becomes "countered"). A member whose own
 * offer is open waits for its answer (OFFER_WAITING) — one open offer per conversation, so per
 * buyer and listing, kept by a unique index however many arrive at once. Refused like a message
 * (strangers NOT_FOUND, blocks, a removed listing or a departed member) and when the listing is
 * no longer on the market (OFFER_LISTING_CLOSED); each step is a message and costs the sending
 * limits of one.
 */
export async function makeOffer({
  db,
  live,
  member,
  conversationId,
  amount,
  lang,
  now = Date.now(),
}: OfferAction & { amount: unknown }): Promise<OfferSent> {
  const parsed = parseOfferAmount(amount);
  const party = await findConversationAsParty(db, member, conversationId);
  if (!parsed.ok) throw new AppError(parsed.code, { field: "amount" });
  const refusal = sendRefusal(party);
  if (refusal) throw new AppError(refusal);
  if (party.listingStatus !== "active") throw new AppError("OFFER_LISTING_CLOSED");
  const sent = await db.transaction(async (tx) => {
    const [open] = await tx
      .select({ id: offers.id, madeBy: offers.madeBy })
      .from(offers)
      .where(and(eq(offers.conversationId, party.id), eq(offers.status, "open")))
      .limit(1)
      .for("update");
    if (open && open.madeBy === member.id) throw new AppError("OFFER_WAITING");
    if (open) {
      const closed = await tx
        .update(offers)
        .set({ status: "countered", answeredAt: sql`now()` })
        .where(and(eq(offers.id, open.id), eq(offers.status, "open")))
        .returning({ id: offers.id });
      // Answered meanwhile (accepted, declined or countered by the other side's own request).
      if (closed.length === 0) throw new AppError("OFFER_NOT_OPEN");
    }
    const [offer] = await tx
      .insert(offers)
      .values({ conversationId: party.id, madeBy: member.id, amount: parsed.amount })
      .onConflictDoNothing({ target: offers.conversationId, where: sql`status = 'open'` })
      .returning({ id: offers.id });
    // Another offer was opened here at the same moment (the same member, twice).
    if (!offer) throw new AppError("OFFER_WAITING");
    const step: OfferStep = open ? "countered" : "made";
    const messageId = await writeStep(tx, party.id, member.id, offer.id, step, parsed.amount, lang);
    await checkSendingLimits(tx, member.id, now);
    return { offerId: offer.id, messageId, conversationId: party.id, step, amount: parsed.amount };
  });
  await announceStep(live, sent, member.id, party.otherId);
  return sent;
}

/**
 * The member who did not make an open offer accepts or declines it. Anyone else's answer is
 * refused: a stranger NOT_FOUND, the offer's maker OFFER_OWN, an answered offer OFFER_NOT_OPEN
 * (exact when both answer at once: the first wins). Accepting needs the listing on the market.
 */
export async function answerOffer({
  db,
  live,
  member,
  conversationId,
  offerId,
  answer,
  lang,
  now = Date.now(),
}: OfferAction & { offerId: unknown; answer: "accept" | "decline" }): Promise<OfferSent> {
  const party = await findConversationAsParty(db, member, conversationId);
  const refusal = sendRefusal(party);
  if (refusal) throw new AppError(refusal);
  if (answer === "accept" && party.listingStatus !== "active") {
    throw new AppError("OFFER_LISTING_CLOSED");
  }
  if (!isConversationId(offerId)) throw new AppError("OFFER_NOT_OPEN");
  const id = offerId.toLowerCase();
  const step: OfferStep = answer === "accept" ? "accepted" : "declined";
  const sent = await db.transaction(async (tx) => {
    const [answered] = await tx
      .update(offers)
      .set({ status: step, answeredAt: sql`now()` })
      .where(
        and(
          eq(offers.id, id),
          eq(offers.conversationId, party.id),
          eq(offers.status, "open"),
          sql`${offers.madeBy} is distinct from ${member.id}`,
        ),
      )
      .returning({ amount: offers.amount });
    if (!answered) {
      const [offer] = await tx
        .select({ madeBy: offers.madeBy })
        .from(offers)
        .where(and(eq(offers.id, id), eq(offers.conversationId, party.id)))
        .limit(1);
      throw new AppError(offer?.madeBy === member.id ? "OFFER_OWN" : "OFFER_NOT_OPEN");
    }
    const messageId = await writeStep(tx, party.id, member.id, id, step, answered.amount, lang);
    await checkSendingLimits(tx, member.id, now);
    return { offerId: id, messageId, conversationId: party.id, step, amount: answered.amount };
  });
  await announceStep(live, sent, member.id, party.otherId);
  return sent;
}

async function writeStep(
  tx: Database,
  conversationId: string,
  senderId: string,
  offerId: string,
  step: OfferStep,
  amount: number,
  lang: Lang,
) {
  const [message] = await tx
    .insert(messages)
    .values({
      conversationId,
      senderId,
      body: offerStepText(lang, step, amount),
      offerId,
      offerStep: step,
    })
    .returning({ id: messages.id });
  await tx
    .update(conversations)
    .set({ lastMessageAt: sql`now()` })
    .where(eq(conversations.id, conversationId));
  if (!message) throw new AppError("UNEXPECTED");
  return message.id;
}

function announceStep(
  live: LiveEventSink,
  sent: OfferSent,
  senderId: string,
  otherId: string | null,
) {
  return announce(live, {
    conversationId: sent.conversationId,
    messageId: sent.messageId,
    senderId,
    memberIds: [senderId, otherId ?? senderId],
  });
}
