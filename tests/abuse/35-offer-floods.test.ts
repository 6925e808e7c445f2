import { describe, expect, it } from "vitest";
import { conversationOverHttp, getAs, type HttpMember, postForm } from "../setup/http-members";
import { serverForFile } from "./server";

/*
 * Issue 31's offers over HTTP, as an abuser would send them: a buyer pressing "Send offer" fifty
 * times at once gets one offer (the rest are told theirs waits, 409, nothing saved); a stranger
 * gets 404 for every offer action, a visitor is sent to sign in; hostile amounts are form errors in
 * the member's language, the text kept, never a 500; the offer's maker cannot accept it.
 */
const s = serverForFile({ SIGN_UPS_PER_IP_PER_HOUR: "100" });

const offersIn = (html: string) => html.split('data-testid="offer"').length - 1;

const conversation = () => conversationOverHttp(s.url, "35", "Haggled car");

const offer = (thread: string, member: HttpMember | null, amount: string) =>
  postForm(s.url, thread, member?.cookie ?? "", { intent: "offer", amount });

const pageOf = async (thread: string, member: HttpMember) =>
  (await getAs(s.url, thread, member.cookie)).text();

describe("offers sent as an abuser would", () => {
  it("a flood of the same offer at once is one offer; the rest wait, nothing saved", async () => {
    const { buyer, thread } = await conversation();
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) => offer(thread, buyer, String(1_000_000 + i))),
    );
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((status) => status === 302)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    const refused = await replies.find((r) => r.status === 409)?.text();
    expect(refused).toContain("Your offer is waiting for an answer.");
    expect(offersIn(await pageOf(thread, buyer))).toBe(1);
  });

  it("a stranger gets 404 for every offer action; a visitor is sent to sign in", async () => {
    const { seller, buyer, stranger, thread } = await conversation();
    expect((await offer(thread, buyer, "900000")).status).toBe(302);
    const offerId = /name="offerId" value="([0-9a-f-]{36})"/.exec(
      await pageOf(thread, seller),
    )?.[1];
    expect(offerId).toBeTruthy();
    const actions: Record<string, string>[] = [
      { intent: "offer", amount: "1" },
      { intent: "accept-offer", offerId: offerId ?? "" },
      { intent: "decline-offer", offerId: offerId ?? "" },
      { intent: "reserve" },
    ];
    for (const fields of actions) {
      expect((await postForm(s.url, thread, stranger.cookie, fields)).status).toBe(404);
      const visitor = await postForm(s.url, thread, "", fields);
      expect(visitor.status).toBeLessThan(500);
      expect(visitor.headers.get("location") ?? "").toMatch(/^\/auth/);
    }
    // The maker cannot accept their own offer; the buyer cannot reserve the seller's listing.
    const own = await postForm(s.url, thread, buyer.cookie, {
      intent: "accept-offer",
      offerId: offerId ?? "",
    });
    expect(own.status).toBe(403);
    expect(await own.text()).toContain("You cannot answer your own offer.");
    const reserve = await postForm(s.url, thread, buyer.cookie, { intent: "reserve" });
    expect(reserve.status).toBeGreaterThanOrEqual(400);
    expect(reserve.status).toBeLessThan(500);
    // The seller accepts it.
    const accepted = await postForm(s.url, thread, seller.cookie, {
      intent: "accept-offer",
      offerId: offerId ?? "",
    });
    expect(accepted.status).toBe(302);
    expect(await pageOf(thread, buyer)).toContain("Agreed price: SYP 900,000");
  });

  it("hostile amounts are form errors in the member's language, the text kept", async () => {
    const { buyer, thread } = await conversation();
    for (const amount of [
      "",
      "<script>alert(1)</script>",
      "1; drop table offers; --",
      "../../etc/passwd",
      "-100",
      "١٢٫٥",
      "9".repeat(20_000),
    ]) {
      const reply = await offer(thread, buyer, amount);
      expect(reply.status).toBeGreaterThanOrEqual(400);
      expect(reply.status).toBeLessThan(500);
      const html = await reply.text();
      expect(html).toMatch(/Enter your offer in SYP as a whole number|That amount is too high/);
      expect(html).not.toContain("<script>alert(1)</script>");
    }
    const arabic = await postForm(s.url, `${thread}?lang=ar`, buyer.cookie, {
      intent: "offer",
      amount: "مليون",
    });
    expect(await arabic.text()).toContain("اكتب عرضك بالليرة السورية رقمًا صحيحًا");
    expect(offersIn(await pageOf(thread, buyer))).toBe(0);
  });
});
