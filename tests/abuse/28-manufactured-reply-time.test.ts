import { inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../app/db/schema";
import { type HttpMember, postListingOverHttp, signUpOverHttp } from "../setup/http-members";
import { serverForFile } from "./server";

/*
 * Finding 10: "Usually replies within an hour" on a listing could be manufactured with three
 * throwaway accounts the seller answers at once. Only buyers in good standing count now (a
 * confirmed e-mail, an account a day old when they wrote, not suspended, not blocked), each once
 * — and one per network they wrote from.
 */
const s = serverForFile({ TRUST_PROXY: "1", SIGN_UPS_PER_IP_PER_HOUR: "100" });
const BADGE = "Usually replies within an hour";

const post = (path: string, member: HttpMember, fields: Record<string, string>, from: string) =>
  fetch(`${s.url}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: member.cookie,
      "x-forwarded-for": from,
    },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });

/** `buyer` asks about the listing from address `from`; the seller answers at once. */
async function askAndAnswer(
  listingId: string,
  buyer: HttpMember,
  seller: HttpMember,
  from: string,
) {
  const asked = await post(
    "/messages",
    buyer,
    { intent: "start", listingId, body: "Is it still available?" },
    from,
  );
  expect(asked.status).toBe(302);
  const conversation = /^\/messages\/([0-9a-f-]{36})/.exec(asked.headers.get("location") ?? "");
  const answered = await post(
    `/messages/${conversation?.[1]}`,
    seller,
    { intent: "send", body: "Yes, come and see it." },
    "192.0.2.1",
  );
  expect(answered.status).toBeLessThan(400);
}

const listingPage = async (id: string) => (await fetch(`${s.url}/listing/${id}`)).text();

/** Confirms the accounts and backdates them, as a month of membership would. */
const inGoodStanding = (emails: string[]) =>
  s.withDatabase(async (db) => {
    await db
      .update(users)
      .set({ emailVerified: true, createdAt: sql`now() - interval '30 days'` })
      .where(inArray(users.email, emails));
  });

describe("a seller's reply time", () => {
  it("is not made by throwaway accounts the seller answers", async () => {
    const stamp = Date.now();
    const seller = await signUpOverHttp(s.url, {
      name: "Quick Seller",
      email: `qs-${stamp}@example.com`,
    });
    const listingId = await postListingOverHttp(s.url, seller, "Quick sofa");
    const puppets: HttpMember[] = [];
    for (let n = 0; n < 3; n++) {
      puppets.push(
        await signUpOverHttp(s.url, {
          name: `Puppet ${n}`,
          email: `puppet${n}-${stamp}@example.com`,
        }),
      );
    }
    for (const [n, puppet] of puppets.entries()) {
      await askAndAnswer(listingId, puppet, seller, `198.18.${n}.10`);
    }
    expect(await listingPage(listingId)).not.toContain(BADGE);

    // Confirmed since, but they were minutes old when they wrote: still nothing.
    await s.withDatabase((db) =>
      db
        .update(users)
        .set({ emailVerified: true })
        .where(
          inArray(
            users.email,
            puppets.map((p) => p.email),
          ),
        ),
    );
    expect(await listingPage(listingId)).not.toContain(BADGE);

    // Buyers who were members in good standing when they wrote, from three networks: earned.
    const buyers: HttpMember[] = [];
    for (let n = 0; n < 3; n++) {
      buyers.push(
        await signUpOverHttp(s.url, {
          name: `Buyer ${n}`,
          email: `buyer${n}-${stamp}@example.com`,
        }),
      );
    }
    await inGoodStanding(buyers.map((b) => b.email));
    for (const [n, buyer] of buyers.entries()) {
      await askAndAnswer(listingId, buyer, seller, `198.19.${n}.10`);
    }
    expect(await listingPage(listingId)).toContain(BADGE);
  });

  it("counts accounts writing from one network once", async () => {
    const stamp = Date.now();
    const seller = await signUpOverHttp(s.url, {
      name: "Net Seller",
      email: `ns-${stamp}@example.com`,
    });
    const listingId = await postListingOverHttp(s.url, seller, "Networked sofa");
    const accounts: HttpMember[] = [];
    for (let n = 0; n < 3; n++) {
      accounts.push(
        await signUpOverHttp(s.url, {
          name: `Same Net ${n}`,
          email: `net${n}-${stamp}@example.com`,
        }),
      );
    }
    await inGoodStanding(accounts.map((a) => a.email));
    for (const [n, account] of accounts.entries()) {
      await askAndAnswer(listingId, account, seller, `203.0.113.${10 + n}`);
    }
    expect(await listingPage(listingId)).not.toContain(BADGE);
  });
});
