import { describe, expect, it } from "vitest";
import { setMemberRole } from "../../app/domain/moderation/set-member-role.server";
import { openEventStream } from "../setup/event-stream";
import { postForm, signUpOverHttp } from "../setup/http-members";
import { twoInstancesOnPostgres } from "../setup/two-instances";
import { serverForFile } from "./server";

/*
 * Finding 9: after logout, suspension or a password change, an already open event stream kept
 * delivering messages for up to ~11 minutes. Every session's end now reaches the hubs (a trigger
 * on the sessions table → NOTIFY), and each stream re-checks its session; a stream whose session
 * is gone says "signed-out" and closes within seconds.
 */
const ended = (stream: Awaited<ReturnType<typeof openEventStream>>) =>
  stream.next((event) => event.event === "signed-out", 8000);

describe("one instance", () => {
  const s = serverForFile({ TRUST_PROXY: "1", SIGN_UPS_PER_IP_PER_HOUR: "100" });

  it("closes a member's stream when they sign out", async () => {
    const member = await signUpOverHttp(s.url, {
      name: "Leaver",
      email: `l9-${Date.now()}@example.com`,
    });
    const stream = await openEventStream(`${s.url}/api/messages/stream`, { cookie: member.cookie });
    expect(stream.status).toBe(200);
    await stream.next((event) => event.event === "unread");
    expect((await postForm(s.url, "/logout", member.cookie, {})).status).toBe(302);
    await ended(stream);
    stream.close();
    const again = await fetch(`${s.url}/api/messages/stream`, {
      headers: { cookie: member.cookie },
    });
    expect(again.status).toBe(401);
  });

  it("closes other devices' streams on a password change, not this device's", async () => {
    const member = await signUpOverHttp(s.url, {
      name: "Changer",
      email: `c9-${Date.now()}@example.com`,
    });
    const other = await fetch(`${s.url}/auth`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        intent: "signin",
        email: member.email,
        password: "Cedar-Hama-Waterwheel-9",
      }),
      redirect: "manual",
    });
    const otherCookie = other.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .filter((c) => !c?.startsWith("souqna_flash="))
      .join("; ");
    const phone = await openEventStream(`${s.url}/api/messages/stream`, { cookie: otherCookie });
    await phone.next((event) => event.event === "unread");
    const res = await postForm(s.url, "/settings", member.cookie, {
      intent: "password",
      currentPassword: "Cedar-Hama-Waterwheel-9",
      password: "Another-Long-Pass-8",
      confirmPassword: "Another-Long-Pass-8",
    });
    expect(res.status).toBe(302);
    await ended(phone);
    phone.close();
  });

  it("closes a suspended member's stream", async () => {
    const stamp = Date.now();
    const mod = await signUpOverHttp(s.url, { name: "Mod", email: `m9-${stamp}@example.com` });
    const target = await signUpOverHttp(s.url, {
      name: "Target",
      email: `t9-${stamp}@example.com`,
    });
    const ids = await s.withDatabase(async (db) => {
      await setMemberRole({ db, email: mod.email, role: "moderator" });
      return (await setMemberRole({ db, email: target.email, role: "member" }))?.id ?? "";
    });
    const stream = await openEventStream(`${s.url}/api/messages/stream`, { cookie: target.cookie });
    await stream.next((event) => event.event === "unread");
    const res = await postForm(s.url, "/moderation", mod.cookie, {
      intent: "suspend",
      userId: ids,
      reason: "Threats in messages",
    });
    expect(res.status).toBeLessThan(400);
    await ended(stream);
    stream.close();
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!serverUrl)("two instances on one PostgreSQL", () => {
  const servers = twoInstancesOnPostgres("souqna_abuse09");

  it("a sign-out through one instance closes the stream served by the other", async () => {
    const member = await signUpOverHttp(servers.a.url, {
      name: "Two",
      email: `two9-${Date.now()}@example.com`,
    });
    const stream = await openEventStream(`${servers.b.url}/api/messages/stream`, {
      cookie: member.cookie,
    });
    await stream.next((event) => event.event === "unread");
    expect((await postForm(servers.a.url, "/logout", member.cookie, {})).status).toBe(302);
    await ended(stream);
    stream.close();
  });
});
