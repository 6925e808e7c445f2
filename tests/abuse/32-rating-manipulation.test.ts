import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listings, messages, ratings, users } from "../../app/db/schema";
import enErrors from "../../app/i18n/locales/en/errors";
import { type HttpMember, postListingOverHttp, signUpOverHttp } from "../setup/http-members";
import { serverForFile } from "./server";

/*
 * What a seller does to look trustworthy, or a rival to hurt them (decision 038): rate without any
 * exchange; open ten accounts, chat with themselves and give five stars; rate their own listing
 * through a second account; flood the form with hostile input. Ratings need a conversation in
 * which both sides wrote, and only members in good standing count — one per network a day.
 */
const s = serverForFile({ TRUST_PROXY: "1", SIGN_UPS_PER_IP_PER_HOUR: "1000" });
const NONE = "No ratings yet";

const post = (
  path: string,
  member: HttpMember | null,
  fields: Record<string, string>,
  from: string,
) =>
  fetch(`${s.url}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: member?.cookie ?? "",
      "x-forwarded-for": from,
    },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });

let serial = 0;
const member = (name: string) => {
  serial += 1;
  return signUpOverHttp(s.url, { name, email: `rate-${serial}-${Date.now()}@example.com` });
};

/**
 * `buyer` asks from `from`; the seller answers unless `answered` is false (written straight into
 * the database: a seller answering dozens of puppets would meet the message limits first, and the
 * rating is what is under test). Returns the conversation's id.
 */
async function talk(
  listingId: string,
  buyer: HttpMember,
  seller: HttpMember,
  from: string,
  answered = true,
) {
  const asked = await post(
    "/messages",
    buyer,
    { intent: "start", listingId, body: "Still there?" },
    from,
  );
  expect(asked.status).toBe(302);
  const id = /^\/messages\/([0-9a-f-]{36})/.exec(asked.headers.get("location") ?? "")?.[1] ?? "";
  if (answered)
    await s.withDatabase(async (db) => {
      const [me] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, seller.email));
      await db
        .insert(messages)
        .values({ conversationId: id, senderId: me?.id ?? "", body: "Yes." });
    });
  return id;
}

const rate = (
  thread: string,
  rater: HttpMember | null,
  from: string,
  fields: Record<string, string> = {},
) =>
  post(
    `/messages/${thread}`,
    rater,
    { intent: "rate", stars: "5", tags: "as_described", ...fields },
    from,
  );

const markSold = (listingId: string) =>
  s.withDatabase((db) =>
    db.update(listings).set({ status: "sold" }).where(eq(listings.id, listingId)),
  );

const inGoodStanding = (emails: string[]) =>
  s.withDatabase((db) =>
    db
      .update(users)
      .set({ emailVerified: true, createdAt: sql`now() - interval '30 days'` })
      .where(inArray(users.email, emails)),
  );

const ratingsOf = (sellerEmail: string) =>
  s.withDatabase(async (db) => {
    const [seller] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, sellerEmail));
    return db
      .select()
      .from(ratings)
      .where(eq(ratings.ratedId, seller?.id ?? ""));
  });

const sellerCard = async (listingId: string) => {
  const html = await (await fetch(`${s.url}/listing/${listingId}`)).text();
  return (
    /data-testid="trust-rating"[^>]*>(.*?)<\/p>/s.exec(html)?.[1]?.replace(/<[^>]+>/g, "") ?? ""
  );
};

describe("ratings under attack", () => {
  it("cannot be given without an exchange, by strangers, or signed out", async () => {
    const seller = await member("Honest Seller");
    const rival = await member("Rival");
    const buyer = await member("Real Buyer");
    const listingId = await postListingOverHttp(s.url, seller, "Leather sofa");
    await markSold(listingId);
    // No conversation at all: a made-up one is not found.
    expect((await rate("00000000-0000-4000-8000-000000000000", rival, "203.0.113.5")).status).toBe(
      404,
    );
    expect((await rate("../../etc/passwd", rival, "203.0.113.5")).status).toBe(404);
    // Someone else's conversation: not found, for a stranger.
    const real = await talk(listingId, buyer, seller, "198.51.100.7");
    expect((await rate(real, rival, "203.0.113.5")).status).toBe(404);
    // Signed out: to the sign-in page.
    const anonymous = await rate(real, null, "203.0.113.5");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/auth/);
    // Only the rival wrote: nothing to rate.
    const oneSided = await talk(listingId, rival, seller, "203.0.113.5", false);
    const refused = await rate(oneSided, rival, "203.0.113.5", { stars: "1", tags: "no_show" });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain(enErrors.RATING_NO_EXCHANGE);
    expect(await ratingsOf(seller.email)).toHaveLength(0);
  });

  it("refuses hostile input with a message, saving nothing", async () => {
    const seller = await member("Seller Two");
    const buyer = await member("Buyer Two");
    const listingId = await postListingOverHttp(s.url, seller, "Dining chairs");
    await markSold(listingId);
    const thread = await talk(listingId, buyer, seller, "198.51.100.8");
    for (const [fields, message] of [
      [{ stars: "5' OR 1=1 --" }, enErrors.RATING_STARS_REQUIRED],
      [{ stars: "" }, enErrors.RATING_STARS_REQUIRED],
      [{ stars: "٩" }, enErrors.RATING_STARS_REQUIRED],
      [{ tags: "../../etc/passwd" }, enErrors.RATING_TAG_UNKNOWN],
      [{ comment: "<script>x</script>".repeat(40) }, enErrors.RATING_COMMENT_TOO_LONG],
    ] as const) {
      const res = await rate(thread, buyer, "198.51.100.8", fields);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(await res.text()).toContain(message.replace(/"/g, "&quot;"));
    }
    expect(await ratingsOf(seller.email)).toHaveLength(0);
    // Arabic-Indic digits are digits: four stars.
    expect((await rate(thread, buyer, "198.51.100.8", { stars: "٤" })).status).toBe(302);
    expect((await ratingsOf(seller.email)).map((r) => r.stars)).toEqual([4]);
  });

  it("from ten fresh accounts, or ten old ones on one network, moves nothing or counts once", async () => {
    const seller = await member("Puppet Master");
    const listingId = await postListingOverHttp(s.url, seller, "Used car parts");
    await markSold(listingId);
    const puppets: HttpMember[] = [];
    for (let n = 0; n < 10; n++) puppets.push(await member(`Puppet ${n}`));
    for (const puppet of puppets) {
      const thread = await talk(listingId, puppet, seller, "203.0.113.40");
      expect((await rate(thread, puppet, "203.0.113.40")).status).toBe(302);
    }
    expect(await ratingsOf(seller.email)).toHaveLength(10);
    expect(await sellerCard(listingId)).toBe(NONE);

    // Aged and confirmed since, on one network: one rating counts that day.
    const aged: HttpMember[] = [];
    for (let n = 0; n < 3; n++) aged.push(await member(`Old Friend ${n}`));
    await inGoodStanding(aged.map((a) => a.email));
    for (const friend of aged) {
      const thread = await talk(listingId, friend, seller, "203.0.113.41");
      expect((await rate(thread, friend, "203.0.113.41")).status).toBe(302);
    }
    expect((await ratingsOf(seller.email)).filter((r) => r.counts)).toHaveLength(1);
    expect(await sellerCard(listingId)).toBe("1 rating so far: an average shows from 3");
  }, 240_000);

  it("through the seller's own second account counts only when that account would anyway", async () => {
    const seller = await member("Self Rater");
    const second = await member("Self Rater Again");
    const listingId = await postListingOverHttp(s.url, seller, "Phone charger");
    await markSold(listingId);
    const thread = await talk(listingId, second, seller, "192.0.2.1");
    expect((await rate(thread, second, "192.0.2.1")).status).toBe(302);
    // A fresh account: stored (the seller can see it), not counted.
    const [given] = await ratingsOf(seller.email);
    expect(given?.counts).toBe(false);
    expect(await sellerCard(listingId)).toBe(NONE);
    // Rating again changes the first rating: never a second one.
    expect((await rate(thread, second, "192.0.2.1", { stars: "3" })).status).toBe(302);
    expect((await ratingsOf(seller.email)).map((r) => r.stars)).toEqual([3]);
  });
});
