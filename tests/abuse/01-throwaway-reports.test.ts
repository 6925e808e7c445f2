import { inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../app/db/schema";
import { postListingOverHttp, signUpOverHttp } from "../setup/http-members";
import { serverForFile } from "./server";

/*
 * Finding 1: three reports from members signed up seconds earlier, unconfirmed, auto-hid any
 * listing (public 404; the owner could not reactivate it). Only members in good standing now
 * count towards the hold; everyone's report still reaches the moderators.
 */
const s = serverForFile({ TRUST_PROXY: "1", SIGN_UPS_PER_IP_PER_HOUR: "100" });

const report = (listingId: string, cookie: string, from: string) =>
  fetch(`${s.url}/listing/${listingId}`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie,
      "x-forwarded-for": from,
    },
    body: new URLSearchParams({ intent: "report", reason: "scam", details: "" }),
    redirect: "manual",
  });

describe("reports against a rival's listing", () => {
  it("from three brand-new accounts reach the queue but do not hide it", async () => {
    const stamp = Date.now();
    const seller = await signUpOverHttp(s.url, {
      name: "Seller",
      email: `seller-${stamp}@example.com`,
    });
    const id = await postListingOverHttp(s.url, seller, "Honest sofa");
    for (let n = 0; n < 3; n++) {
      const troll = await signUpOverHttp(s.url, {
        name: `Troll ${n}`,
        email: `troll${n}-${stamp}@example.com`,
      });
      const res = await report(id, troll.cookie, `198.51.100.${10 + n}`);
      expect(res.status).toBeLessThan(400);
    }
    expect((await fetch(`${s.url}/listing/${id}`)).status).toBe(200);

    // The same three, once confirmed and a month old, are members in good standing.
    await s.withDatabase((db) =>
      db
        .update(users)
        .set({ emailVerified: true, createdAt: sql`now() - interval '30 days'` })
        .where(
          inArray(
            users.email,
            [0, 1, 2].map((n) => `troll${n}-${stamp}@example.com`),
          ),
        ),
    );
    const second = await postListingOverHttp(s.url, seller, "Second sofa");
    for (let n = 0; n < 3; n++) {
      const cookie = (await signIn(`troll${n}-${stamp}@example.com`)) ?? "";
      expect((await report(second, cookie, `198.51.100.${20 + n}`)).status).toBeLessThan(400);
    }
    expect((await fetch(`${s.url}/listing/${second}`)).status).toBe(404);
  });

  it("are limited per member", async () => {
    const stamp = Date.now();
    const spammer = await signUpOverHttp(s.url, {
      name: "Spammer",
      email: `spam-${stamp}@example.com`,
    });
    const statuses: number[] = [];
    for (let n = 0; n < 11; n++) {
      const seller = await signUpOverHttp(s.url, {
        name: `Seller ${n}`,
        email: `s${n}-${stamp}@example.com`,
      });
      const id = await postListingOverHttp(s.url, seller, `Item ${n}`);
      statuses.push((await report(id, spammer.cookie, "198.51.100.99")).status);
    }
    expect(statuses.slice(0, 10).every((status) => status < 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

async function signIn(email: string) {
  const res = await fetch(`${s.url}/auth`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-forwarded-for": "198.51.100.50",
    },
    body: new URLSearchParams({ intent: "signin", email, password: "Cedar-Hama-Waterwheel-9" }),
    redirect: "manual",
  });
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .filter((cookie) => !cookie?.startsWith("souqna_flash="))
    .join("; ");
}
