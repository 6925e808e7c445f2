import { describe, expect, it } from "vitest";
import {
  getAs,
  type HttpMember,
  postForm,
  postListingOverHttp,
  signUpOverHttp,
} from "../setup/http-members";
import { serverForFile } from "./server";

/*
 * Issue 31: a message carries the id its sender's device gave it, and the server keeps one message
 * per id — the outbox and the service worker send it again after a power cut. What a replay can
 * and cannot do: the same request a hundred times is one message and costs the sender no limit;
 * another member's id names nothing of theirs; a stranger replaying a captured request gets 404;
 * a malformed id is a form error in the member's language, never a 500.
 */
const s = serverForFile({ SIGN_UPS_PER_IP_PER_HOUR: "100" });

const bodiesIn = (html: string) => html.split('data-testid="message-body"').length - 1;

async function conversation(stamp: number) {
  const seller = await signUpOverHttp(s.url, {
    name: "Replay Seller",
    email: `rs-${stamp}@example.com`,
  });
  const buyer = await signUpOverHttp(s.url, {
    name: "Replay Buyer",
    email: `rb-${stamp}@example.com`,
  });
  const listingId = await postListingOverHttp(s.url, seller, "Replayed sofa");
  const started = await postForm(s.url, "/messages", buyer.cookie, {
    intent: "start",
    listingId,
    body: "Is it still available?",
  });
  expect(started.status).toBe(302);
  const id = /^\/messages\/([0-9a-f-]{36})/.exec(started.headers.get("location") ?? "")?.[1];
  if (!id) throw new Error("no conversation");
  return { seller, buyer, thread: `/messages/${id}` };
}

const send = (thread: string, member: HttpMember, body: string, clientId: string) =>
  postForm(s.url, thread, member.cookie, { intent: "send", body, clientId });

const count = async (thread: string, member: HttpMember) =>
  bodiesIn(await (await getAs(s.url, thread, member.cookie)).text());

describe("a message sent again", () => {
  it("is one message however often and however fast it comes, and costs no limit", async () => {
    const { buyer, thread } = await conversation(Date.now());
    const clientId = crypto.randomUUID();
    const replies = await Promise.all(
      Array.from({ length: 30 }, () => send(thread, buyer, "Written in the dark", clientId)),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(30).fill(302));
    expect(await count(thread, buyer)).toBe(2);
    // Thirty replays later the burst limit (8 in 10 s) is untouched: new messages still go.
    for (let n = 0; n < 5; n++) {
      const next = await send(thread, buyer, `Next ${n}`, crypto.randomUUID());
      expect(next.status).toBe(302);
    }
    expect(await count(thread, buyer)).toBe(7);
  });

  it("replayed by a stranger is a 404; the other party's same id is their own message", async () => {
    const stamp = Date.now();
    const { seller, buyer, thread } = await conversation(stamp);
    const stranger = await signUpOverHttp(s.url, {
      name: "Replay Stranger",
      email: `rx-${stamp}@example.com`,
    });
    const clientId = crypto.randomUUID();
    expect((await send(thread, buyer, "Mine", clientId)).status).toBe(302);
    expect((await send(thread, stranger, "Mine", clientId)).status).toBe(404);
    const visitor = await postForm(s.url, thread, "", { intent: "send", body: "x", clientId });
    expect(visitor.status).toBeLessThan(500);
    expect(visitor.headers.get("location") ?? "").toMatch(/^\/auth/);
    expect((await send(thread, seller, "Theirs", clientId)).status).toBe(302);
    const page = await (await getAs(s.url, thread, buyer.cookie)).text();
    expect(bodiesIn(page)).toBe(3);
    expect(page).toContain("Theirs");
    // The seller's page never carries the buyer's client id.
    const sellers = await (await getAs(s.url, thread, seller.cookie)).text();
    expect(sellers.split(clientId).length - 1).toBe(1);
  });

  it("with a malformed id is refused as a form error, nothing saved, the text kept", async () => {
    const { buyer, thread } = await conversation(Date.now() + 1);
    for (const clientId of [
      "'; drop table messages; --",
      "../../../etc/passwd",
      "٠١٢٣٤٥٦٧-٨٩٠١-٢٣٤٥-٦٧٨٩-٠١٢٣٤٥٦٧٨٩٠١",
      "<script>alert(1)</script>",
      "x".repeat(20_000),
    ]) {
      const reply = await send(thread, buyer, "Kept text 🙂 نص", clientId);
      expect(reply.status).toBeGreaterThanOrEqual(400);
      expect(reply.status).toBeLessThan(500);
      const html = await reply.text();
      expect(html).toContain("This request could not be understood.");
      expect(html).toContain("Kept text 🙂 نص");
      expect(html).not.toContain("<script>alert(1)</script>");
    }
    expect(await count(thread, buyer)).toBe(1);
  });
});
