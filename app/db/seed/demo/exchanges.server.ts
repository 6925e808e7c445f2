import type { Database } from "../../client.server";
import { conversations, messages, ratings } from "../../schema";
import type { Dice } from "./random";

/*
 * The demo's exchanges (decision 038): on some of the first listings, a buyer among the demo
 * members asked, the seller answered, and one or both rated the other a day or more later — so a
 * fresh install's seller cards and pages show ratings earned the way real ones are.
 */

const HOUR_MS = 60 * 60 * 1000;
/** Only the first listings: the demo of a million listings needs no more reputation than 60. */
const CONSIDERED = 60;

const QUESTIONS = ["مرحبا، هل ما زال متوفراً؟", "Hello, is this still available?"];
const ANSWERS = ["نعم، متوفر. أهلاً وسهلاً.", "Yes, it is. You are welcome to see it."];
const GOOD = ["as_described", "on_time", "fair_price", "friendly", "quick_replies"];
const BAD = ["not_as_described", "no_show", "price_changed"];
const COMMENTS = [
  "",
  "تعامل محترم والغرض مطابق للصور.",
  "Honest seller, everything as described.",
  "",
  "وصل في الموعد، أنصح بالتعامل معه.",
];

interface SeededListing {
  id?: string;
  userId: string;
  title?: string | null;
  titleAr?: string | null;
  status?: string;
  createdAt?: Date;
}

export async function seedDemoExchanges(
  db: Database,
  d: Dice,
  listings: readonly SeededListing[],
  memberIds: readonly string[],
  now: Date,
) {
  if (memberIds.length < 2) return 0;
  const conversationRows: (typeof conversations.$inferInsert)[] = [];
  const messageRows: (typeof messages.$inferInsert)[] = [];
  const ratingRows: (typeof ratings.$inferInsert)[] = [];
  for (const listing of listings.slice(0, CONSIDERED)) {
    if (!listing.id || !listing.createdAt || listing.status === "inactive" || !d.chance(0.6))
      continue;
    const buyerId = d.pick(memberIds.filter((id) => id !== listing.userId));
    const asked = new Date(listing.createdAt.getTime() + d.int(1, 48) * HOUR_MS);
    const answered = new Date(asked.getTime() + d.int(10, 360) * 60_000);
    const rated = new Date(asked.getTime() + d.int(25, 96) * HOUR_MS);
    // Rated only once the day since the first message has passed, as the rule says.
    if (rated >= now) continue;
    const id = crypto.randomUUID();
    const arabic = d.chance(0.6) ? 0 : 1;
    conversationRows.push({
      id,
      listingId: listing.id,
      buyerId,
      sellerId: listing.userId,
      buyerNetwork: `demo-${buyerId}`,
      lastMessageAt: answered,
      createdAt: asked,
    });
    messageRows.push(
      {
        conversationId: id,
        senderId: buyerId,
        body: QUESTIONS[arabic]!,
        createdAt: asked,
        readAt: answered,
      },
      {
        conversationId: id,
        senderId: listing.userId,
        body: ANSWERS[arabic]!,
        createdAt: answered,
        readAt: answered,
      },
    );
    const happy = d.chance(0.85);
    ratingRows.push({
      conversationId: id,
      listingId: listing.id,
      listingTitle: listing.title || listing.titleAr || "",
      raterId: buyerId,
      ratedId: listing.userId,
      ratedAs: "seller",
      stars: happy ? d.pick([4, 5, 5]) : d.pick([1, 2, 3]),
      tags: d.sample(happy ? GOOD : BAD, d.int(0, 2)),
      comment: happy ? d.pick(COMMENTS) : "",
      raterNetwork: `demo-${buyerId}`,
      counts: true,
      createdAt: rated,
      updatedAt: rated,
    });
    if (d.chance(0.5))
      ratingRows.push({
        conversationId: id,
        listingId: listing.id,
        listingTitle: listing.title || listing.titleAr || "",
        raterId: listing.userId,
        ratedId: buyerId,
        ratedAs: "buyer",
        stars: d.pick([4, 5]),
        tags: d.sample(["on_time", "friendly"], d.int(0, 1)),
        comment: "",
        raterNetwork: `demo-${listing.userId}`,
        counts: true,
        createdAt: rated,
        updatedAt: rated,
      });
  }
  if (conversationRows.length === 0) return 0;
  await db.insert(conversations).values(conversationRows).onConflictDoNothing();
  await db.insert(messages).values(messageRows);
  await db.insert(ratings).values(ratingRows).onConflictDoNothing();
  return ratingRows.length;
}
