import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../app/db/schema";
import { conversationOverHttp, getAs, postForm } from "../setup/http-members";
import { serverForFile } from "./server";

/*
 * Issue 31's conversation reports, as a snooper or a flooder would try them: only the two parties
 * can report a conversation — a stranger gets the same 404 as an unknown one, a visitor the
 * sign-in page — bad input is answered with what to fix and saves nothing, and a moderator, and
 * only a moderator, reads the conversation while a report on it is open, never after.
 */
const s = serverForFile({ TRUST_PROXY: "1", SIGN_UPS_PER_IP_PER_HOUR: "100" });

const report = (thread: string, cookie: string, fields: Record<string, string>) =>
  postForm(s.url, `${thread}/report`, cookie, fields);

describe("reports of a conversation", () => {
  it("come from its parties only, say what to fix, and open it to moderators until decided", async () => {
    const { seller, buyer, stranger, thread } = await conversationOverHttp(
      s.url,
      "37",
      "Kia Rio 2012, first owner",
    );
    const scam = { reason: "scam", details: "Wants a deposit by cash mobile before I see it" };

    // A stranger: the same 404 as a conversation that does not exist; a visitor: signing in.
    expect((await report(thread, stranger.cookie, scam)).status).toBe(404);
    expect((await getAs(s.url, `${thread}/report`, stranger.cookie)).status).toBe(404);
    expect((await report(`/messages/${crypto.randomUUID()}`, buyer.cookie, scam)).status).toBe(404);
    const visitor = await report(thread, "", scam);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toMatch(/^\/auth\?redirectTo=/);

    // Bad input: what to fix, in words, never a 500.
    for (const [fields, text] of [
      [{ reason: "", details: "" }, "Please choose why you are reporting this conversation"],
      [
        { reason: "<script>", details: "" },
        "Please choose why you are reporting this conversation",
      ],
      [{ reason: "other", details: "" }, "Please describe the problem"],
      [{ reason: "other", details: "x".repeat(2_001) }, "under 2,000 characters"],
    ] as const) {
      const refused = await report(thread, buyer.cookie, fields);
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain(text);
    }

    // Nobody reads it yet: not the parties, not a stranger.
    const moderated = `/moderation/conversations/${thread.split("/").pop()}`;
    for (const cookie of [buyer.cookie, seller.cookie, stranger.cookie, ""])
      expect((await getAs(s.url, moderated, cookie)).status).toBe(404);

    const sent = await report(thread, buyer.cookie, scam);
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe(thread);
    const again = await report(thread, buyer.cookie, scam);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("You have already reported this conversation");
    // A party who reported is still not a moderator.
    expect((await getAs(s.url, moderated, buyer.cookie)).status).toBe(404);

    // The operator makes the stranger a moderator (npm run user:role does the same).
    await s.withDatabase((db) =>
      db.update(users).set({ role: "moderator" }).where(eq(users.email, stranger.email)),
    );
    const page = await getAs(s.url, moderated, stranger.cookie);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toContain("no-store");
    const html = await page.text();
    expect(html).toContain("Is it still available?");
    expect(html).toContain("Wants a deposit by cash mobile before I see it");
    const queue = await (await getAs(s.url, "/moderation", stranger.cookie)).text();
    expect(queue).toContain(moderated);

    // A decision needs a reason; then the conversation is closed to moderators again.
    const noReason = await postForm(s.url, moderated, stranger.cookie, {
      conversationId: thread.split("/").pop() ?? "",
      intent: "conversation-dismiss",
      reason: "",
    });
    expect(noReason.status).toBe(400);
    const dismissed = await postForm(s.url, moderated, stranger.cookie, {
      conversationId: thread.split("/").pop() ?? "",
      intent: "conversation-dismiss",
      reason: "An ordinary haggle, no deposit asked",
    });
    expect(dismissed.status).toBe(302);
    expect((await getAs(s.url, moderated, stranger.cookie)).status).toBe(404);
    // A party cannot make a decision either, whatever they post.
    const forged = await postForm(s.url, moderated, buyer.cookie, {
      intent: "conversation-dismiss",
      suspend: seller.email,
      reason: "forged",
    });
    expect(forged.status).toBe(404);
  });
});
