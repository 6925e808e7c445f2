import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listings } from "../../app/db/schema";
import { postListingOverHttp, signUpOverHttp } from "../setup/http-members";
import { serverForFile } from "./server";

/*
 * Finding 15: cookie-less requests counted a view each. A view now counts once per member, or per
 * visitor's address and browser, a day — whatever cookies the request carries.
 */
const s = serverForFile({ TRUST_PROXY: "1", SIGN_UPS_PER_IP_PER_HOUR: "100" });
const BROWSER =
  "Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36";

const views = async (id: string) => {
  const [row] = await s.withDatabase((db) =>
    db.select({ views: listings.viewsCount }).from(listings).where(eq(listings.id, id)),
  );
  return row?.views;
};

describe("view counts", () => {
  it("do not grow with cookie-less requests", async () => {
    const seller = await signUpOverHttp(s.url, {
      name: "Seller",
      email: `v-${Date.now()}@example.com`,
    });
    const id = await postListingOverHttp(s.url, seller, "Counted sofa");
    const visit = (from: string, agent = BROWSER, cookie = "") =>
      fetch(`${s.url}/listing/${id}`, {
        headers: { "user-agent": agent, "x-forwarded-for": from, cookie },
      });
    for (let n = 0; n < 20; n++) expect((await visit("203.0.113.5")).status).toBe(200);
    // Random cookies change nothing either.
    for (let n = 0; n < 5; n++)
      await visit("203.0.113.5", BROWSER, `souqna_vid=${crypto.randomUUID()}`);
    // A second person (another address) counts; a crawler never does.
    await visit("203.0.113.6");
    await visit("203.0.113.7", "Googlebot/2.1 (+http://www.google.com/bot.html)");
    expect(await views(id)).toBe(2);
  });
});
