import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listings, users } from "../../app/db/schema";
import { signUpOverHttp } from "../setup/http-members";
import { serverForFile } from "./server";

/*
 * Finding 11: a confirmed member could post without limit (30 listings in 1.4 s), each one also
 * matched against every saved search. Posts are now limited per member (20 an hour and 100 a day
 * by default; LISTINGS_PER_MEMBER_PER_HOUR / _PER_DAY), exactly, and the refused post says when
 * the member can post again, in their language, with the form as they typed it — without
 * JavaScript too.
 */
const s = serverForFile({ TRUST_PROXY: "1", SIGN_UPS_PER_IP_PER_HOUR: "1000" });

function listingForm(title: string) {
  const form = new FormData();
  for (const [key, value] of Object.entries({
    intent: "save",
    title,
    description: `${title}: typed by hand, every word of it.`,
    price: "750000",
    categoryId: "7",
    location: "homs",
    "detail.service_type": "other",
    "detail.availability": "weekdays",
  })) {
    form.set(key, value);
  }
  return form;
}

describe("posting listings", () => {
  it("stops a confirmed member at 20 an hour, exactly, and says when they can post again", async () => {
    const poster = await signUpOverHttp(s.url, {
      name: "Poster",
      email: `post-${Date.now()}@example.com`,
    });
    await s.withDatabase((db) =>
      db.update(users).set({ emailVerified: true }).where(eq(users.email, poster.email)),
    );
    const post = (form: FormData, lang = "en") =>
      fetch(`${s.url}/post-ad`, {
        method: "POST",
        headers: { cookie: `${poster.cookie}; lang=${lang}`, "x-forwarded-for": "203.0.113.9" },
        body: form,
        redirect: "manual",
      });

    // The review's burst: thirty posts at once.
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, n) => post(listingForm(`Burst ${n}`))),
    );
    expect(burst.filter((res) => res.status === 302)).toHaveLength(20);
    expect(burst.filter((res) => res.status === 429)).toHaveLength(10);
    const posted = await s.withDatabase((db) =>
      db
        .select({ id: listings.id })
        .from(listings)
        .innerJoin(users, eq(users.id, listings.userId))
        .where(eq(users.email, poster.email)),
    );
    expect(posted).toHaveLength(20);

    // Without JavaScript: the page again, the reason and the wait above the form, and every
    // field as the member typed it.
    const refused = await post(listingForm("Carpentry and repairs"));
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(3000);
    expect(wait).toBeLessThanOrEqual(3600);
    const html = await refused.text();
    expect(html).toMatch(
      /You have posted many listings in a short time\. You can post again in (60|59|58) minutes\./,
    );
    expect(html).toContain('value="Carpentry and repairs"');
    expect(html).toContain("Carpentry and repairs: typed by hand, every word of it.");

    const arabic = await post(listingForm("نجارة وتصليح"), "ar");
    expect(arabic.status).toBe(429);
    const arHtml = await arabic.text();
    expect(arHtml).toMatch(
      /لقد نشرت إعلانات كثيرة في وقت قصير\. يمكنك النشر مجددًا بعد [٠-٩]+ دقيقة\./,
    );
    expect(arHtml).toContain('value="نجارة وتصليح"');

    // The browser's upload route answers the same, as JSON.
    const json = await fetch(`${s.url}/api/listings`, {
      method: "POST",
      headers: { cookie: poster.cookie, "x-forwarded-for": "203.0.113.9" },
      body: listingForm("From the script"),
    });
    expect(json.status).toBe(429);
    expect(JSON.stringify(await json.json())).toContain("You can post again in");
  }, 120_000);
});
