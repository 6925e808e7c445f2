import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pushSubscriptions, users } from "../../app/db/schema";
import { type HttpMember, postListingOverHttp, signUpOverHttp } from "../setup/http-members";
import {
  browserKeys,
  makePushCertificate,
  startTestPushService,
  type TestPushService,
} from "../setup/push-service";
import { serverForFile } from "./server";

/*
 * Finding 4: the push allow-list read an endpoint with the WHATWG URL parser, but web-push sent
 * it with the legacy url.parse, which cuts the host at `;` `{` `}` `"` `'` `` ` ``:
 * `https://127.0.0.1;.fcm.googleapis.com/x` passed as a sub-domain of FCM and was POSTed to
 * 127.0.0.1:443. Such endpoints are now refused when a browser subscribes, a stored one is
 * deleted unsent, and every push goes to exactly the host that was checked.
 */
const certificates = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-abuse-push-"));
makePushCertificate(certificates);
const s = serverForFile({
  TRUST_PROXY: "1",
  SIGN_UPS_PER_IP_PER_HOUR: "100",
  JOB_POLL_SECONDS: "0.5",
  // The stand-in push service on 127.0.0.1 (the operator's own, listed exactly), and FCM.
  PUSH_SERVICE_HOSTS: "127.0.0.1,fcm.googleapis.com",
  NODE_EXTRA_CA_CERTS: path.join(certificates, "cert.pem"),
});

let service: TestPushService;
/** Whatever reaches 127.0.0.1:443 — where the old sender went. */
let listener: net.Server | undefined;
const connections: string[] = [];

beforeAll(async () => {
  service = await startTestPushService({ certificateDir: certificates });
  listener = net.createServer((socket) => {
    connections.push(String(socket.remoteAddress));
    socket.destroy();
  });
  await new Promise<void>((resolve) => {
    listener?.once("error", () => {
      // Port 443 taken or not ours to open: the stored row's deletion still tells.
      listener = undefined;
      resolve();
    });
    listener?.listen(443, "127.0.0.1", resolve);
  });
});
afterAll(async () => {
  await service?.close();
  await new Promise<void>((resolve) => (listener ? listener.close(() => resolve()) : resolve()));
  fs.rmSync(certificates, { recursive: true, force: true });
});

const confusing = [
  "https://127.0.0.1;.fcm.googleapis.com/x",
  "https://127.0.0.1{.fcm.googleapis.com/x",
  "https://127.0.0.1}.fcm.googleapis.com/x",
  'https://127.0.0.1".fcm.googleapis.com/x',
  "https://127.0.0.1'.fcm.googleapis.com/x",
  "https://127.0.0.1`.fcm.googleapis.com/x",
];

function subscribe(member: HttpMember, endpoint: string) {
  const keys = browserKeys();
  return fetch(`${s.url}/api/push-subscriptions`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: member.cookie },
    body: JSON.stringify({
      endpoint,
      expirationTime: null,
      keys: { p256dh: keys.p256dh, auth: keys.auth },
    }),
  });
}

describe("a push endpoint whose host two parsers read differently", () => {
  it("is refused when a browser subscribes, with a message a member can act on", async () => {
    const member = await signUpOverHttp(s.url, {
      name: "Pusher",
      email: `push-${Date.now()}@example.com`,
    });
    for (const endpoint of confusing) {
      const res = await subscribe(member, endpoint);
      expect(res.status, endpoint).toBe(400);
      expect(await res.text(), endpoint).toContain(
        "Souqna cannot send notifications through this browser's notification service.",
      );
    }
    // The stand-in, listed exactly by the operator, is still a push service.
    expect((await subscribe(member, `${service.origin}/push/ok`)).status).toBe(200);
  });

  it("stored before the fix, is deleted unsent: nothing reaches 127.0.0.1:443", async () => {
    const stamp = Date.now();
    const seller = await signUpOverHttp(s.url, {
      name: "Seller",
      email: `ps-${stamp}@example.com`,
    });
    const buyer = await signUpOverHttp(s.url, { name: "Buyer", email: `pb-${stamp}@example.com` });
    const listingId = await postListingOverHttp(s.url, seller, "Pushed sofa");
    // The seller's browsers: a real one at the stand-in, and the confusing one as it was stored.
    expect((await subscribe(seller, `${service.origin}/push/seller-${stamp}`)).status).toBe(200);
    const keys = browserKeys();
    await s.withDatabase(async (db) => {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`${users.email} = ${seller.email}`);
      await db.insert(pushSubscriptions).values({
        userId: row?.id ?? "",
        endpoint: confusing[0] ?? "",
        p256dh: keys.p256dh,
        auth: keys.auth,
      });
    });
    const before = service.requests.length;
    const asked = await fetch(`${s.url}/messages`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: buyer.cookie },
      body: new URLSearchParams({ intent: "start", listingId, body: "Still there?" }),
      redirect: "manual",
    });
    expect(asked.status).toBe(302);
    // The real browser gets its push (both are sent by one job each, side by side)…
    await service.waitFor(before + 1, 30_000);
    // …and the confusing one was dropped, never sent.
    expect(connections).toEqual([]);
    const left = await s.withDatabase((db) =>
      db
        .select()
        .from(pushSubscriptions)
        .where(sql`${pushSubscriptions.endpoint} = ${confusing[0]}`),
    );
    expect(left).toEqual([]);
  });
});
