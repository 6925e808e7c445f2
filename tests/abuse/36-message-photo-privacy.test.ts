import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { conversationOverHttp, getAs, type HttpMember, postForm } from "../setup/http-members";
import { serverForFile } from "./server";

/*
 * Issue 31's photos in messages, as a snooper, a scraper or a vandal would try them: a photo of a
 * message is seen by the conversation's two members and nobody else — another member, a visitor,
 * a guessed address and the public media path all get the same 404 — and is never cacheable by a
 * shared cache. Uploads refuse strangers, files that are not photos and oversized bodies with a
 * reason in the member's language, never a 500. Without JavaScript the photos go with the message.
 */
const s = serverForFile({ SIGN_UPS_PER_IP_PER_HOUR: "100" });

let png: Blob;

beforeAll(async () => {
  const bytes = await sharp({
    create: { width: 700, height: 500, channels: 3, background: { r: 200, g: 60, b: 40 } },
  })
    .png()
    .toBuffer();
  png = new Blob([new Uint8Array(bytes)], { type: "image/png" });
});

const conversation = () => conversationOverHttp(s.url, "36", "Gearbox for a Kia");

function upload(
  thread: string,
  member: HttpMember | null,
  file: Blob,
  uploadId = crypto.randomUUID(),
) {
  const form = new FormData();
  form.set("uploadId", uploadId);
  form.set("photo", file, "photo.png");
  return fetch(`${s.url}${thread}/photos`, {
    method: "POST",
    headers: { origin: s.url, ...(member ? { cookie: member.cookie } : {}) },
    body: form,
    redirect: "manual",
  });
}

const photoAddresses = (html: string) => [
  ...new Set(
    [...html.matchAll(/\/messages\/[0-9a-f-]{36}\/photos\/[0-9a-f-]{36}\/\d+/g)].map((m) => m[0]),
  ),
];

describe("photos in messages", () => {
  it("are seen by the two members only, never cached publicly", async () => {
    const { seller, buyer, stranger, thread } = await conversation();
    const uploaded = await upload(thread, buyer, png);
    expect(uploaded.status).toBe(201);
    expect(uploaded.headers.get("cache-control")).toBe("private, no-store");
    const { id } = (await uploaded.json()) as { id: string };
    const sent = await postForm(s.url, thread, buyer.cookie, {
      intent: "send",
      body: "",
      photos: id,
      clientId: crypto.randomUUID(),
    });
    expect(sent.status).toBe(302);

    const addresses = photoAddresses(await (await getAs(s.url, thread, seller.cookie)).text());
    expect(addresses.length).toBeGreaterThanOrEqual(2);
    for (const address of addresses) {
      for (const member of [seller, buyer]) {
        const seen = await getAs(s.url, address, member.cookie);
        expect(seen.status).toBe(200);
        expect(seen.headers.get("content-type")).toBe("image/webp");
        expect(seen.headers.get("cache-control")).toBe("private, no-store");
        expect((await seen.arrayBuffer()).byteLength).toBeGreaterThan(100);
      }
      for (const cookie of [stranger.cookie, ""]) {
        const refused = await getAs(s.url, address, cookie);
        expect(refused.status).toBe(404);
        expect(refused.headers.get("cache-control")).toBe("private, no-store");
      }
    }
    // Guessed and tampered addresses, and the public media path under any spelling.
    const [first] = addresses;
    for (const guess of [
      first?.replace(/\/\d+$/, "/1280"),
      first?.replace(/photos\/[0-9a-f-]{36}/, `photos/${crypto.randomUUID()}`),
      first?.replace(/\/\d+$/, "/..%2f..%2fetc%2fpasswd"),
      `${thread}/photos/${id}/320.webp`,
    ]) {
      expect((await getAs(s.url, guess ?? "/", seller.cookie)).status).toBe(404);
    }
    // The files are there, on the server's disk, and the public media path serves none of them.
    const stored = fs.readdirSync(path.join(s.dataDir, "media", "private", "messages"));
    expect(stored.length).toBeGreaterThan(0);
    for (const file of stored) {
      for (const address of [
        `/media/private/messages/${file}`,
        `/media/private%2fmessages/${file}`,
        `/media/./private/messages/${file}`,
      ]) {
        expect((await getAs(s.url, address, seller.cookie)).status, address).toBe(404);
      }
    }
  });

  it("refuse strangers, visitors, files that are not photos and oversized uploads", async () => {
    const { buyer, stranger, thread } = await conversation();
    expect((await upload(thread, stranger, png)).status).toBe(404);
    expect((await upload(thread, null, png)).status).toBe(401);
    const svg = new Blob(['<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'], {
      type: "image/png",
    });
    const notPhoto = await upload(thread, buyer, svg);
    expect(notPhoto.status).toBeGreaterThanOrEqual(400);
    expect(notPhoto.status).toBeLessThan(500);
    expect(((await notPhoto.json()) as { error: string }).error).toMatch(/photo|image/i);
    // Just over a photo's 15 MB, within the request's own limit: the pipeline refuses it.
    const huge = await upload(thread, buyer, new Blob([new Uint8Array(15 * 1024 * 1024 + 1000)]));
    expect(huge.status).toBe(400);
    expect(((await huge.json()) as { error: string }).error).toBe(
      "Each photo must be at most 15 MB",
    );
    // Another member's photo id named in a message: refused, nothing sent.
    const theirs = (await (await upload(thread, buyer, png)).json()) as { id: string };
    const replay = await postForm(s.url, thread, stranger.cookie, {
      intent: "send",
      body: "mine now",
      photos: theirs.id,
    });
    expect(replay.status).toBe(404);
  });

  it("go with the message without JavaScript, and a repeated form is one message", async () => {
    const { seller, buyer, thread } = await conversation();
    const clientId = crypto.randomUUID();
    const post = () => {
      const form = new FormData();
      form.set("intent", "send");
      form.set("body", "The scratch on the door 🙂 الخدش");
      form.set("clientId", clientId);
      form.append("photoFiles", png, "door.png");
      form.append("photoFiles", png, "door-2.png");
      return fetch(`${s.url}${thread}`, {
        method: "POST",
        headers: { cookie: buyer.cookie, origin: s.url },
        body: form,
        redirect: "manual",
      });
    };
    expect((await post()).status).toBe(302);
    expect((await post()).status).toBe(302);
    const page = await (await getAs(s.url, thread, seller.cookie)).text();
    // The first question and this one: one message, however often the form came.
    expect(page.split('data-testid="message"').length - 1).toBe(2);
    expect(page.split('data-testid="message-photo"').length - 1).toBe(2);

    const four = new FormData();
    four.set("intent", "send");
    four.set("body", "Too many");
    for (let i = 0; i < 4; i++) four.append("photoFiles", png, `p${i}.png`);
    const refused = await fetch(`${s.url}${thread}`, {
      method: "POST",
      headers: { cookie: buyer.cookie, origin: s.url },
      body: four,
      redirect: "manual",
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    const html = await refused.text();
    expect(html).toContain("at most 3 photos");
    expect(html).toContain("Too many");
  });
});
