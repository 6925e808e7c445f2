import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openPostgres } from "../app/db/client.server";
import { LISTENER_NAME } from "../app/domain/messaging/message-hub.server";
import { openEventStream } from "../tests/setup/event-stream";
import { postForm, postListingOverHttp, signUpOverHttp } from "../tests/setup/http-members";
import { twoInstancesOnPostgres } from "../tests/setup/two-instances";

/*
 * Two app instances on ONE PostgreSQL database, as behind a load balancer: a message sent through
 * one arrives on an event stream opened on the other (LISTEN/NOTIFY), and a stream survives the
 * loss of an instance's notification connection. Needs TEST_DATABASE_URL (skipped without it:
 * PGlite is one process by design).
 */
const serverUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!serverUrl)("two app instances on one PostgreSQL database", () => {
  const servers = twoInstancesOnPostgres("souqna_srv_two");

  it("delivers a message sent through one instance to a stream opened on the other", async () => {
    const stamp = Date.now();
    // Sessions live in the database: signed up on A, signed in on B too.
    const seller = await signUpOverHttp(servers.a.url, {
      name: "Seller",
      email: `s-${stamp}@example.com`,
    });
    const buyer = await signUpOverHttp(servers.b.url, {
      name: "Buyer",
      email: `b-${stamp}@example.com`,
    });
    const listingId = await postListingOverHttp(servers.a.url, seller, "Walnut desk");

    const sellerOnB = await openEventStream(`${servers.b.url}/api/messages/stream`, {
      cookie: seller.cookie,
    });
    expect(sellerOnB.status).toBe(200);
    await sellerOnB.next((e) => e.event === "unread");

    const started = await postForm(servers.a.url, "/messages", buyer.cookie, {
      intent: "start",
      listingId,
      body: "Sent through A, read on B",
    });
    expect(started.status).toBe(302);
    const conversationId = (started.headers.get("location") ?? "").split("/")[2]?.split("#")[0];
    const arrived = await sellerOnB.next((e) => e.event === "message");
    expect(JSON.parse(arrived.data)).toMatchObject({
      conversationId,
      message: { body: "Sent through A, read on B", mine: false },
    });
    await sellerOnB.next((e) => e.event === "unread" && JSON.parse(e.data).unread.count === 1);

    // And back: the seller answers through B, the buyer listens on A.
    const buyerOnA = await openEventStream(`${servers.a.url}/api/messages/stream`, {
      cookie: buyer.cookie,
    });
    const reply = await postForm(servers.b.url, `/messages/${conversationId}`, seller.cookie, {
      intent: "send",
      body: "Answered through B",
    });
    expect(reply.status).toBe(302);
    const back = await buyerOnA.next(
      (e) => e.event === "message" && JSON.parse(e.data).message.body === "Answered through B",
    );
    expect(JSON.parse(back.data).message.mine).toBe(false);
    // The seller opens the conversation on B, which marks it read: the buyer on A sees "Seen".
    const opened = await fetch(`${servers.b.url}/messages/${conversationId}`, {
      headers: { cookie: seller.cookie },
    });
    expect(opened.status).toBe(200);
    await buyerOnA.next((e) => e.event === "read" && JSON.parse(e.data).byMe === false);

    sellerOnB.close();
    buyerOnA.close();
  });

  it("keeps delivering after an instance's notification connection is cut", async () => {
    const stamp = Date.now();
    const seller = await signUpOverHttp(servers.a.url, {
      name: "S2",
      email: `s2-${stamp}@example.com`,
    });
    const buyer = await signUpOverHttp(servers.a.url, {
      name: "B2",
      email: `b2-${stamp}@example.com`,
    });
    const listingId = await postListingOverHttp(servers.a.url, seller, "Copper pot");
    const sellerOnB = await openEventStream(`${servers.b.url}/api/messages/stream`, {
      cookie: seller.cookie,
    });
    await sellerOnB.next((e) => e.event === "unread");

    // Kill every LISTEN connection (the database restarting, a network blip).
    const admin = await openPostgres(servers.databaseUrl, 1);
    await admin.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and application_name = ${LISTENER_NAME}`,
    );
    await admin.close();
    // B reconnects with back-off and tells its streams to reload what they show.
    await sellerOnB.next((e) => e.event === "resync", 15_000);

    await postForm(servers.a.url, "/messages", buyer.cookie, {
      intent: "start",
      listingId,
      body: "After the blip",
    });
    await sellerOnB.next(
      (e) => e.event === "message" && JSON.parse(e.data).message.body === "After the blip",
    );
    sellerOnB.close();
  });
});
