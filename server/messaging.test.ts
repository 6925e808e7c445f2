import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openEventStream } from "../tests/setup/event-stream";
import {
  getAs,
  type HttpMember,
  postForm,
  postListingOverHttp,
  signUpOverHttp,
} from "../tests/setup/http-members";
import {
  createServerDatabase,
  dropServerDatabase,
  flashSetBy,
  type RunningServer,
  startServer,
} from "../tests/setup/server-process";

/*
 * Conversations over HTTP against the real built server, by direct requests: only the two parties
 * read or write a conversation (everyone else gets 404, visitors are sent to sign in), hostile
 * text stays text, blocking and the sending limits hold, and the event stream only carries a
 * member's own conversations. On PostgreSQL when TEST_DATABASE_URL is set.
 */
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-messaging-"));
let databaseUrl: string | undefined;
let server: RunningServer;
let base: string;

let seller: HttpMember;
let buyer: HttpMember;
let other: HttpMember;
let listingId: string;
let conversationId: string;

const HOSTILE = `<script>alert("x")</script><img src=x onerror=alert(1)> هل ما زال متوفراً؟ ١٢٣ 🚗`;

beforeAll(async () => {
  databaseUrl = await createServerDatabase("souqna_srv_msg");
  server = await startServer({
    DATA_DIR: path.join(tmp, "data"),
    DATABASE_URL: databaseUrl ?? "",
    TRUST_PROXY: "true",
    SIGN_UPS_PER_IP_PER_HOUR: "1000",
  });
  base = server.url;
  const stamp = Date.now();
  [seller, buyer, other] = await Promise.all([
    signUpOverHttp(base, { name: "Rania Seller", email: `seller-${stamp}@example.com` }),
    signUpOverHttp(base, { name: "سامر المشتري", email: `buyer-${stamp}@example.com` }),
    signUpOverHttp(base, { name: "Nour Other", email: `other-${stamp}@example.com` }),
  ]);
  listingId = await postListingOverHttp(base, seller, "Oud lessons");
}, 90_000);

afterAll(async () => {
  if (server?.process.exitCode === null) await server.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
  await dropServerDatabase(databaseUrl);
});

describe("conversations over HTTP", () => {
  it("sends visitors to sign in, for every page and action, and refuses them the stream", async () => {
    const someId = "7b1c3f7e-0a8e-4c55-9f38-1f1f1f1f1f1f";
    for (const pathname of ["/messages", `/messages/${someId}`]) {
      const res = await getAs(base, pathname);
      expect(res.status, pathname).toBe(302);
      expect(res.headers.get("location")).toBe(
        `/auth?redirectTo=${encodeURIComponent(pathname)}&reason=auth`,
      );
    }
    for (const [pathname, fields] of [
      ["/messages", { intent: "start", listingId, body: "Hi" }],
      [`/messages/${someId}`, { intent: "send", body: "Hi" }],
      [`/messages/${someId}`, { intent: "block" }],
    ] as const) {
      const res = await postForm(base, pathname, "", fields);
      expect(res.status, pathname).toBe(302);
      expect(res.headers.get("location")).toMatch(/^\/auth\?redirectTo=/);
    }
    const stream = await openEventStream(`${base}/api/messages/stream`);
    expect(stream.status).toBe(401);
    // The listing page offers visitors the sign-in link, not a composer.
    const page = await (await getAs(base, `/listing/${listingId}`)).text();
    expect(page).toContain('data-testid="login-required-chat"');
    expect(page).not.toContain('data-testid="message-seller"');
  });

  it("lets the buyer start one conversation from the listing; the seller cannot", async () => {
    const page = await (await getAs(base, `/listing/${listingId}`, buyer.cookie)).text();
    expect(page).toContain('data-testid="message-seller"');
    const own = await postForm(base, "/messages", seller.cookie, {
      intent: "start",
      listingId,
      body: "Me?",
    });
    expect(own.status).toBe(403);
    expect(await own.text()).toContain("This is your own listing");

    const sellerStream = await openEventStream(`${base}/api/messages/stream`, {
      cookie: seller.cookie,
    });
    const otherStream = await openEventStream(`${base}/api/messages/stream`, {
      cookie: other.cookie,
    });
    expect(sellerStream.status).toBe(200);

    const res = await postForm(base, "/messages", buyer.cookie, {
      intent: "start",
      listingId,
      body: `  ${HOSTILE}  `,
    });
    expect(res.status).toBe(302);
    const location = res.headers.get("location") ?? "";
    expect(location).toMatch(/^\/messages\/[0-9a-f-]{36}#latest$/);
    expect(await flashSetBy(res)).toBe("message-sent");
    conversationId = location.slice("/messages/".length, -"#latest".length);

    // It arrives live for the seller, as text, with the unread count; the other member hears nothing.
    const event = await sellerStream.next((e) => e.event === "message");
    const payload = JSON.parse(event.data);
    expect(payload).toMatchObject({
      conversationId,
      message: { body: HOSTILE, mine: false, flags: { link: false, payment: false } },
    });
    await sellerStream.next((e) => e.event === "unread" && JSON.parse(e.data).unread.count === 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(otherStream.events.filter((e) => e.event === "message")).toEqual([]);
    sellerStream.close();
    otherStream.close();

    // A second message from the listing page continues the same conversation.
    const again = await postForm(base, "/messages", buyer.cookie, {
      intent: "start",
      listingId,
      body: "Also: can you deliver to Hama?",
    });
    expect(again.headers.get("location")).toBe(`/messages/${conversationId}#latest`);
    const listingPage = await (await getAs(base, `/listing/${listingId}`, buyer.cookie)).text();
    expect(listingPage).toContain(`/messages/${conversationId}`);
  });

  it("shows the conversation to its two parties only, hostile text inert", async () => {
    const inbox = await (await getAs(base, "/messages", seller.cookie)).text();
    expect(inbox).toContain("Your Inbox");
    expect(inbox).toContain("You have 2 unread messages");
    expect(inbox).toContain("سامر المشتري");
    expect(inbox).toContain("Oud lessons");
    expect(inbox).toContain('data-testid="unread-badge"');

    const thread = await getAs(base, `/messages/${conversationId}`, seller.cookie);
    expect(thread.status).toBe(200);
    const html = await thread.text();
    expect(html).not.toContain('<script>alert("x")');
    expect(html).not.toMatch(/<img src=x/);
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    // The header is counted after the page marked the conversation read: no badge, even
    // without JavaScript.
    expect(html).not.toContain('data-testid="unread-badge"');
    // Opening it marked it read.
    expect(await (await getAs(base, "/messages", seller.cookie)).text()).toContain(
      "You have 0 unread messages",
    );

    const buyerView = await getAs(base, `/messages/${conversationId}`, buyer.cookie);
    expect(buyerView.status).toBe(200);

    // Another member, by every route in: 404, and nothing changes.
    const before = await (await getAs(base, `/messages/${conversationId}`, buyer.cookie)).text();
    expect((await getAs(base, `/messages/${conversationId}`, other.cookie)).status).toBe(404);
    const attempts: Record<string, string>[] = [
      { intent: "send", body: "Let me in" },
      { intent: "send", body: "Let me in", via: "fetch" },
      { intent: "read" },
      { intent: "block" },
      { intent: "unblock" },
      { intent: "nonsense" },
    ];
    for (const fields of attempts) {
      const res = await postForm(base, `/messages/${conversationId}`, other.cookie, fields);
      expect(res.status, fields.intent).toBe(404);
    }
    const after = await (await getAs(base, `/messages/${conversationId}`, buyer.cookie)).text();
    expect(after).not.toContain("Let me in");
    expect(after.match(/data-testid="message"/g)?.length).toBe(
      before.match(/data-testid="message"/g)?.length,
    );
    expect(await (await getAs(base, "/messages", other.cookie)).text()).toContain(
      "No messages yet",
    );

    // Malformed and unknown ids are 404 too, even for a party.
    for (const id of [
      "not-a-uuid",
      "%27%20or%201%3D1%20--",
      "7b1c3f7e-0a8e-4c55-9f38-1f1f1f1f1f1f",
    ]) {
      expect((await getAs(base, `/messages/${id}`, buyer.cookie)).status, id).toBe(404);
      const res = await postForm(base, `/messages/${id}`, buyer.cookie, {
        intent: "send",
        body: "hi",
      });
      expect(res.status, id).toBe(404);
    }
  });

  it("refuses empty and too long messages with a clear reason, and saves nothing", async () => {
    for (const [body, text] of [
      ["   ", "Please write a message before sending"],
      ["x".repeat(2001), "Messages can be at most 2,000 characters"],
    ] as const) {
      const res = await postForm(base, `/messages/${conversationId}`, buyer.cookie, {
        intent: "send",
        body,
      });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain(text);
    }
    const ok = await postForm(base, `/messages/${conversationId}`, buyer.cookie, {
      intent: "send",
      body: "🚗".repeat(2000),
      via: "fetch",
    });
    expect(ok.status).toBe(200);
  });

  it("blocks: the blocked member cannot write to the blocker until unblocked", async () => {
    const blocked = await postForm(base, `/messages/${conversationId}`, seller.cookie, {
      intent: "block",
    });
    expect(blocked.status).toBe(302);
    const refused = await postForm(base, `/messages/${conversationId}`, buyer.cookie, {
      intent: "send",
      body: "Hello?",
    });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("This member has blocked you");
    const fromListing = await postForm(base, "/messages", buyer.cookie, {
      intent: "start",
      listingId,
      body: "Hello?",
    });
    expect(fromListing.status).toBe(403);
    const page = await (await getAs(base, `/messages/${conversationId}`, buyer.cookie)).text();
    expect(page).toContain('data-testid="blocked-me"');
    expect(page).not.toContain('data-testid="composer"');
    // Only the blocker can lift it.
    await postForm(base, `/messages/${conversationId}`, buyer.cookie, { intent: "unblock" });
    expect(
      (
        await postForm(base, `/messages/${conversationId}`, buyer.cookie, {
          intent: "send",
          body: "?",
        })
      ).status,
    ).toBe(403);
    await postForm(base, `/messages/${conversationId}`, seller.cookie, { intent: "unblock" });
    const sent = await postForm(base, `/messages/${conversationId}`, buyer.cookie, {
      intent: "send",
      body: "Thanks!",
    });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe(`/messages/${conversationId}#latest`);
  });

  it("limits bursts: the ninth message within ten seconds waits, with Retry-After", async () => {
    const chatty = await signUpOverHttp(base, {
      name: "Chatty",
      email: `chatty-${Date.now()}@example.com`,
    });
    const first = await postForm(base, "/messages", chatty.cookie, {
      intent: "start",
      listingId,
      body: "1",
    });
    const id = (first.headers.get("location") ?? "").slice("/messages/".length, -"#latest".length);
    const statuses: number[] = [];
    let limited: Response | undefined;
    for (let n = 2; n <= 9; n++) {
      const res = await postForm(base, `/messages/${id}`, chatty.cookie, {
        intent: "send",
        body: String(n),
        via: "fetch",
      });
      statuses.push(res.status);
      if (res.status === 429) limited = res;
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 429]);
    expect(Number(limited?.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await limited?.text()).toMatch(
      /You are sending messages too quickly\. Please wait \d+ seconds?/,
    );
  });

  it("answers in the reader's language, with Arabic plural forms", async () => {
    const res = await getAs(base, "/messages?lang=ar", seller.cookie);
    const html = await res.text();
    expect(html).toContain("صندوق الوارد");
    expect(html).toMatch(
      /لديك (رسالة واحدة غير مقروءة|رسالتان غير مقروءتين|[٠-٩]+ رسائل? غير مقروءة|ليس لديك رسائل غير مقروءة)/,
    );
  });

  it("does not compress or buffer the event stream", async () => {
    const res = await fetch(`${base}/api/messages/stream`, {
      headers: { cookie: buyer.cookie, "accept-encoding": "gzip, deflate, br" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(res.headers.get("cache-control")).toContain("no-transform");
    // The first bytes arrive at once (retry hint, then the unread count).
    const reader = res.body?.getReader();
    const first = await reader?.read();
    expect(new TextDecoder().decode(first?.value)).toContain("retry: ");
    await reader?.cancel();
  });
});
