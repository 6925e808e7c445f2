import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { selectRows } from "../../app/db/client.server";
import { getAs, postForm, postListingOverHttp, signUpOverHttp } from "../setup/http-members";
import { serverForFile } from "./server";

/*
 * Issue 32's statistics and free bump, as a rival seller, a snooper or an impatient seller would
 * try them: a listing's figures are its owner's alone (a stranger gets the same 404 as an unknown
 * listing, a visitor the sign-in page), hostile parameters change nothing, a crawler's or the
 * owner's visit counts no view, and a bump is once a week, for the owner only.
 */
const s = serverForFile({ TRUST_PROXY: "1", SIGN_UPS_PER_IP_PER_HOUR: "100" });

const BOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

function visit(path: string, cookie: string, userAgent = "Mozilla/5.0 (Linux; Android 13)") {
  return fetch(`${s.url}${path}`, {
    headers: { "user-agent": userAgent, ...(cookie ? { cookie } : {}) },
    redirect: "manual",
  });
}

describe("a listing's statistics", () => {
  it("are its owner's alone, and count people's views, not crawlers' or the owner's", async () => {
    const stamp = Date.now();
    const seller = await signUpOverHttp(s.url, {
      name: "Seller",
      email: `38-s-${stamp}@example.com`,
    });
    const rival = await signUpOverHttp(s.url, {
      name: "Rival",
      email: `38-r-${stamp}@example.com`,
    });
    const id = await postListingOverHttp(s.url, seller, "Hyundai Accent 2015");
    const stats = `/my-listings/${id}/statistics`;

    expect((await getAs(s.url, stats, rival.cookie)).status).toBe(404);
    expect(
      (await getAs(s.url, `/my-listings/${crypto.randomUUID()}/statistics`, seller.cookie)).status,
    ).toBe(404);
    for (const bad of [
      "not-a-listing",
      "%3Cscript%3E",
      "..%2F..%2Fetc%2Fpasswd",
      "1%27%20or%201%3D1",
    ]) {
      expect((await getAs(s.url, `/my-listings/${bad}/statistics`, seller.cookie)).status).toBe(
        404,
      );
    }
    const visitor = await getAs(s.url, stats, "");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toMatch(/^\/auth\?redirectTo=/);
    const dashboard = await getAs(s.url, "/dashboard", "");
    expect(dashboard.status).toBe(302);

    // Two views by the rival (one counted), the owner's and a crawler's (none).
    await visit(`/listing/${id}`, rival.cookie);
    await visit(`/listing/${id}`, rival.cookie);
    await visit(`/listing/${id}`, seller.cookie);
    await visit(`/listing/${id}`, "", BOT);

    for (const days of [
      "",
      "?days=7",
      "?days=90",
      "?days=abc",
      "?days=99999",
      "?days=%3Cscript%3E",
    ]) {
      const page = await getAs(s.url, `${stats}${days}`, seller.cookie);
      expect(page.status).toBe(200);
      expect(page.headers.get("cache-control")).toContain("no-store");
      const html = await page.text();
      expect(html).toMatch(/data-testid="total-views"[^>]*>1</);
      expect(html).toContain("<svg");
      expect(html).not.toContain("<script>alert");
    }
    const board = await getAs(s.url, "/dashboard?days=7", seller.cookie);
    expect(board.status).toBe(200);
    const boardHtml = await board.text();
    expect(boardHtml).toContain("Hyundai Accent 2015");
    expect(boardHtml).toMatch(/data-testid="total-views"[^>]*>1</);
    // The rival's dashboard knows nothing of it.
    const theirs = await (await getAs(s.url, "/dashboard", rival.cookie)).text();
    expect(theirs).not.toContain("Hyundai Accent 2015");
  });
});

describe("a free bump", () => {
  it("is the owner's, once a week, and never moves the posting date", async () => {
    const stamp = Date.now();
    const seller = await signUpOverHttp(s.url, {
      name: "Dealer",
      email: `38-d-${stamp}@example.com`,
    });
    const rival = await signUpOverHttp(s.url, {
      name: "Rival",
      email: `38-x-${stamp}@example.com`,
    });
    const id = await postListingOverHttp(s.url, seller, "Kia Picanto 2014");
    const bump = (cookie: string, listingId = id) =>
      postForm(s.url, "/my-listings", cookie, { intent: "bump", listingId });

    // Just posted: it is at the top already, and its week has begun.
    const early = await bump(seller.cookie);
    expect(early.status).toBe(429);
    expect(await early.text()).toContain("A free bump is once a week");

    await s.withDatabase((db) =>
      db.execute(sql`update listings set created_at = now() - interval '8 days' where id = ${id}`),
    );
    const stranger = await bump(rival.cookie);
    expect(stranger.status).toBe(404);
    expect((await bump("")).status).toBe(302);
    for (const bad of ["", "<script>", "../../etc/passwd", crypto.randomUUID()]) {
      expect([400, 404]).toContain((await bump(seller.cookie, bad)).status);
    }
    const [untouched] = await s.withDatabase((db) =>
      selectRows<{ bumped_at: string | null }>(
        db,
        sql`select bumped_at from listings where id = ${id}`,
      ),
    );
    expect(untouched?.bumped_at).toBeNull();

    const done = await bump(seller.cookie);
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/my-listings");
    const again = await bump(seller.cookie);
    expect(again.status).toBe(429);
    const [row] = await s.withDatabase((db) =>
      selectRows<{ bumped: boolean; posted_kept: boolean }>(
        db,
        sql`select bumped_at is not null as bumped,
          created_at < now() - interval '7 days' as posted_kept from listings where id = ${id}`,
      ),
    );
    expect(row).toEqual({ bumped: true, posted_kept: true });
    const home = await (await visit("/", "")).text();
    expect(home).toContain("Updated today");
  });
});

describe("a business page", () => {
  it("is its member's own, says what to fix, and shows hostile words as text", async () => {
    const stamp = Date.now();
    const dealer = await signUpOverHttp(s.url, {
      name: "Dealer",
      email: `38-b-${stamp}@example.com`,
    });
    const save = (cookie: string, fields: Record<string, string>) =>
      postForm(s.url, "/settings/business", cookie, { intent: "save", ...fields });
    const visitor = await save("", { name: "Spam Shop" });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toMatch(/^\/auth\?redirectTo=/);
    for (const [fields, text] of [
      [{ name: "" }, "Please write your business&#x27;s name"],
      [{ name: "x".repeat(81) }, "under 80 characters"],
      [{ name: "Shop", website: "javascript:alert(document.cookie)" }, "web address like"],
      [{ name: "Shop", hours: "9".repeat(201) }, "under 200 characters"],
    ] as const) {
      const refused = await save(dealer.cookie, fields);
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain(text);
    }
    const saved = await save(dealer.cookie, {
      name: "<script>alert(1)</script> معرض 🚗",
      website: "https://shop.example/",
    });
    expect(saved.status).toBe(302);
    const [member] = await s.withDatabase((db) =>
      selectRows<{ id: string }>(db, sql`select id from users where email = ${dealer.email}`),
    );
    const page = await (await getAs(s.url, `/u/${member?.id}`, "")).text();
    expect(page).not.toContain("<script>alert(1)</script>");
    expect(page).toContain("&lt;script&gt;alert(1)&lt;/script&gt; معرض 🚗");
    expect(page).toContain('rel="nofollow ugc noopener noreferrer"');
  });
});
