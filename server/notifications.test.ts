import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../app/db/client.server";
import { users } from "../app/db/schema";
import { unsubscribeLink } from "../app/domain/notifications/unsubscribe.server";
import { listOutbox, readOutboxMessage } from "../app/mail/outbox.server";
import { createLinkSigner } from "../app/utils/signed-link.server";
import {
  confirmOverHttp,
  getAs,
  type HttpMember,
  postForm,
  postListingOverHttp,
  signUpOverHttp,
} from "../tests/setup/http-members";
import {
  createServerDatabase,
  dropServerDatabase,
  type RunningServer,
  startServer,
} from "../tests/setup/server-process";

/*
 * Notification settings and the e-mails' unsubscribe links over HTTP on the built app: the
 * settings form per kind (member only, bad values refused), and a link that works without
 * signing in — the page asks, a mail client's one-click POST (RFC 8058) is done at once — and
 * turns off exactly its kind; a tampered link changes nothing.
 */
const SECRET = "test-secret-for-the-suite-only-0123456789abcdef";
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-notify-http-"));
let databaseUrl: string | undefined;
let server: RunningServer;
let member: HttpMember;
let memberId: string;

const env = () => ({
  DATA_DIR: tmp,
  DATABASE_URL: databaseUrl,
  TRUST_PROXY: "true",
  SIGN_UPS_PER_IP_PER_HOUR: "1000",
  PUBLIC_URL: "http://souqna.test",
  PAGE_CACHE_SECONDS: "0",
  SESSION_SECRET: SECRET,
  NOTIFY_UNREAD_AFTER_SECONDS: "1",
  JOB_POLL_SECONDS: "0.5",
});

/** The outbox's e-mails to `to` whose subject contains `about`, with their raw headers. */
function mailTo(to: string, about: string) {
  return listOutbox(tmp)
    .filter((entry) => entry.to.includes(to) && entry.subject.includes(about))
    .map((entry) => ({
      ...entry,
      text: readOutboxMessage(tmp, entry.id)?.text ?? "",
      raw: fs.readFileSync(path.join(tmp, "mail", `${entry.id}.eml`), "latin1"),
    }));
}

async function startConversationOverHttp(buyer: HttpMember, listingId: string, body: string) {
  const res = await postForm(server.url, "/messages", buyer.cookie, {
    intent: "start",
    listingId,
    body,
  });
  expect(res.status).toBe(302);
  return (res.headers.get("location") ?? "").replace(/#.*$/, "");
}

/** The boxes of the settings page's notification form, ticked or not. */
async function boxes() {
  const html = await (await getAs(server.url, "/settings", member.cookie)).text();
  const ticked = (kind: string) => {
    const input = html.match(new RegExp(`<input[^>]*data-testid="notify-${kind}-email"[^>]*>`));
    return /checked/.test(input?.[0] ?? "");
  };
  return { messages: ticked("messages"), alerts: ticked("alerts"), favorites: ticked("favorites") };
}

beforeAll(async () => {
  databaseUrl = await createServerDatabase("souqna_notify");
  server = await startServer(env());
  member = await signUpOverHttp(server.url, { name: "Huda", email: "huda@example.com" });
  // The member's id, for the link an e-mail would carry: read while the server is stopped.
  await server.stop();
  const handle = await openDatabase({ databaseUrl, dataDir: tmp });
  const [row] = await handle.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, "huda@example.com"));
  await handle.close();
  memberId = row?.id ?? "";
  server = await startServer(env());
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await dropServerDatabase(databaseUrl);
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe("notification settings", () => {
  it("are all on at first, and saved per kind", async () => {
    expect(await boxes()).toEqual({ messages: true, alerts: true, favorites: true });
    const res = await postForm(server.url, "/settings", member.cookie, {
      intent: "notifications",
      messagesEmail: "on",
      favoritesEmail: "on",
    });
    expect(res.status).toBe(302);
    expect(await boxes()).toEqual({ messages: true, alerts: false, favorites: true });
  });

  it("refuse a value no checkbox sends, and a visitor", async () => {
    const bad = await postForm(server.url, "/settings", member.cookie, {
      intent: "notifications",
      messagesEmail: "<script>alert(1)</script>",
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("This request could not be understood");
    expect(await boxes()).toEqual({ messages: true, alerts: false, favorites: true });
    const visitor = await postForm(server.url, "/settings", "", {
      intent: "notifications",
      messagesEmail: "on",
    });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toMatch(/^\/auth/);
  });
});

describe("an e-mail's unsubscribe link", () => {
  it("asks when opened, and turns off exactly its kind on a one-click POST, signed out", async () => {
    const signer = createLinkSigner(SECRET);
    const link = new URL(
      unsubscribeLink(server.url, signer, { userId: memberId, kind: "messages" }),
    );
    const page = await getAs(server.url, `${link.pathname}${link.search}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("You will no longer get e-mails about unread messages.");
    expect((await boxes()).messages).toBe(true);

    const tampered = link.search.replace("kind=messages", "kind=favorites");
    const refused = await fetch(`${server.url}/unsubscribe${tampered}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(await refused.text()).toContain("This unsubscribe link is not valid");
    expect(await boxes()).toEqual({ messages: true, alerts: false, favorites: true });

    const oneClick = await fetch(`${server.url}/unsubscribe${link.search}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain("You are unsubscribed");
    expect(await boxes()).toEqual({ messages: false, alerts: false, favorites: true });
  });

  it("answers in Arabic too", async () => {
    const signer = createLinkSigner(SECRET);
    const link = new URL(unsubscribeLink(server.url, signer, { userId: memberId, kind: "alerts" }));
    const res = await fetch(`${server.url}/unsubscribe${link.search}`, {
      headers: { "accept-language": "ar" },
    });
    const html = await res.text();
    expect(html).toContain("إيقاف رسائل البريد هذه؟");
    expect(html).toContain(
      "لن يصلك بعد الآن بريد إلكتروني عن الإعلانات الجديدة في عمليات البحث التي حفظتها.",
    );
    expect(html).toContain('dir="rtl"');
  });
});

describe("a message left unread", () => {
  it("reaches its recipient by e-mail after the delay, once, with a link to the thread and one-click unsubscribe", async () => {
    const seller = await signUpOverHttp(server.url, { name: "Salma", email: "salma@example.com" });
    // Notifications go only to a confirmed address.
    await confirmOverHttp(server.url, tmp, "salma@example.com");
    const buyer = await signUpOverHttp(server.url, { name: "Karim", email: "karim@example.com" });
    const listingId = await postListingOverHttp(server.url, seller, "Olive oil press");
    const thread = await startConversationOverHttp(buyer, listingId, "Still available? 555-0101");

    await expect
      .poll(() => mailTo("salma@example.com", "unread message").length, { timeout: 40_000 })
      .toBe(1);
    const [mail] = mailTo("salma@example.com", "unread message");
    // Who wrote and about what, quoted in the body: members' words are never the subject.
    expect(mail?.subject).toBe("You have an unread message on Souqna");
    expect(mail?.text).toContain("“\u2068Karim\u2069”");
    expect(mail?.text).toContain("“\u2068Olive oil press\u2069”");
    expect(mail?.text).toContain(`http://souqna.test${thread}`);
    // Never the message itself.
    expect(mail?.text).not.toContain("555-0101");
    expect(mail?.raw).toMatch(/List-Unsubscribe:\s+<http:\/\/souqna\.test\/unsubscribe\?/);
    expect(mail?.raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    // The buyer, who wrote it, is not told.
    expect(mailTo("karim@example.com", "message")).toHaveLength(0);

    // A second message within the hour: no second e-mail.
    const again = await postForm(server.url, thread, buyer.cookie, {
      intent: "send",
      body: "Hello?",
    });
    expect(again.status).toBe(302);
    await new Promise((resolve) => setTimeout(resolve, 12_000));
    expect(mailTo("salma@example.com", "unread message")).toHaveLength(1);
  }, 90_000);

  it("is not e-mailed when the recipient reads the thread before the delay", async () => {
    const seller = await signUpOverHttp(server.url, { name: "Rima", email: "rima@example.com" });
    await confirmOverHttp(server.url, tmp, "rima@example.com");
    const buyer = await signUpOverHttp(server.url, { name: "Fadi", email: "fadi@example.com" });
    const listingId = await postListingOverHttp(server.url, seller, "Copper coffee pot");
    const thread = await startConversationOverHttp(buyer, listingId, "Is the price firm?");
    expect((await getAs(server.url, thread, seller.cookie)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 15_000));
    expect(mailTo("rima@example.com", "message")).toHaveLength(0);
  }, 60_000);
});
