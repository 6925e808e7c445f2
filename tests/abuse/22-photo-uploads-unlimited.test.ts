import { inArray } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "../../app/db/schema";
import { type HttpMember, signUpOverHttp } from "../setup/http-members";
import { serverForFile } from "./server";

/*
 * Finding 9: POST /api/photos had no rate limit, and a photo the pipeline refused deleted its
 * row, so a decompression-heavy broken PNG could be sent forever (32 in a row, none refused;
 * visitors' search slowed from 33 to 118 ms). Photos processed — accepted or refused — now count
 * per member and per network each hour (PHOTOS_PER_MEMBER_PER_HOUR, PHOTOS_PER_IP_PER_HOUR), and
 * refused ones also against a lower limit of their own (20 an hour), while a retry of an upload
 * already received never counts: a person posting four listings of ten photos over a flaky
 * connection never meets a limit.
 */
const s = serverForFile({
  TRUST_PROXY: "1",
  SIGN_UPS_PER_IP_PER_HOUR: "1000",
  // Low enough to reach in a test; the defaults are 200 and 600.
  PHOTOS_PER_MEMBER_PER_HOUR: "45",
  PHOTOS_PER_IP_PER_HOUR: "60",
});

let goodPng: Uint8Array<ArrayBuffer>;
let brokenPng: Uint8Array<ArrayBuffer>;

beforeAll(async () => {
  goodPng = new Uint8Array(
    await sharp({ create: { width: 96, height: 64, channels: 3, background: "#c73" } })
      .png()
      .toBuffer(),
  );
  // A large picture whose data is cut short: the header reads fine, decoding fails at the end.
  const whole = await sharp({
    create: { width: 3000, height: 3000, channels: 3, background: "#357" },
  })
    .png({ compressionLevel: 1 })
    .toBuffer();
  brokenPng = new Uint8Array(whole.subarray(0, whole.length - 64));
});

/** Members with confirmed e-mails (one stop of the embedded database for all of them). */
async function confirmedMembers(...tags: string[]) {
  const members: HttpMember[] = [];
  for (const tag of tags) {
    members.push(
      await signUpOverHttp(s.url, { name: tag, email: `${tag}-${Date.now()}@example.com` }),
    );
  }
  await s.withDatabase((db) =>
    db
      .update(users)
      .set({ emailVerified: true })
      .where(
        inArray(
          users.email,
          members.map((member) => member.email),
        ),
      ),
  );
  return members as [HttpMember, ...HttpMember[]];
}

function upload(
  member: HttpMember,
  { uploadId = crypto.randomUUID(), bytes = goodPng, ip = "203.0.113.20", lang = "en" } = {},
) {
  const form = new FormData();
  form.set("uploadId", uploadId);
  form.set("photo", new Blob([bytes], { type: "image/png" }), "photo.png");
  return fetch(`${s.url}/api/photos`, {
    method: "POST",
    headers: { cookie: `${member.cookie}; lang=${lang}`, "x-forwarded-for": ip },
    body: form,
  });
}

describe("uploading photos ahead of the post", () => {
  it("refuses a broken photo sent again and again after 20, saying when more can be added", async () => {
    const [sender] = await confirmedMembers("broken");
    const statuses: number[] = [];
    for (let n = 0; n < 32; n++) {
      const res = await upload(sender, { bytes: brokenPng, ip: "203.0.113.30" });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(3000);
        expect((await res.json()).error).toMatch(
          /^You have sent many photos in a short time\. You can add more in (60|59) minutes\.$/,
        );
      } else {
        await res.body?.cancel();
      }
    }
    expect(statuses.filter((status) => status === 400)).toHaveLength(20);
    expect(statuses.filter((status) => status === 429)).toHaveLength(12);
    const arabic = await upload(sender, { bytes: goodPng, ip: "203.0.113.30", lang: "ar" });
    expect(arabic.status).toBe(429);
    expect((await arabic.json()).error).toMatch(/^لقد أرسلت صورًا كثيرة في وقت قصير\./);
  }, 120_000);

  it("never limits a person posting four listings of ten photos, each photo sent twice over a flaky network", async () => {
    const [person] = await confirmedMembers("person");
    for (let listing = 0; listing < 4; listing++) {
      const ids: string[] = [];
      for (let n = 0; n < 10; n++) {
        const uploadId = crypto.randomUUID();
        // The first answer is lost, so the browser sends the same upload again — twice, once
        // while the first is still being processed.
        const [first, racing] = await Promise.all([
          upload(person, { uploadId }),
          upload(person, { uploadId }),
        ]);
        const again = await upload(person, { uploadId });
        // One processes it; the other finds it received (200) or still in progress (409).
        expect([
          [200, 201],
          [201, 409],
        ]).toContainEqual([first.status, racing.status].sort());
        expect(again.status).toBe(200);
        const body = await again.json();
        ids.push(body.id);
        await first.body?.cancel();
        await racing.body?.cancel();
      }
      const form = new FormData();
      for (const [key, value] of Object.entries({
        intent: "save",
        title: `Bicycle ${listing}`,
        description: "A bicycle in good shape, with ten photos.",
        price: "900000",
        categoryId: "7",
        location: "homs",
        "detail.service_type": "other",
        "detail.availability": "weekdays",
      })) {
        form.set(key, value);
      }
      for (const id of ids) form.append("stagedPhotos", id);
      const posted = await fetch(`${s.url}/post-ad`, {
        method: "POST",
        headers: { cookie: person.cookie, "x-forwarded-for": "203.0.113.20" },
        body: form,
        redirect: "manual",
      });
      expect(posted.status).toBe(302);
    }
    // Forty photos counted, not 120 requests: five more fit under this server's 45 an hour.
    for (let n = 0; n < 5; n++) expect((await upload(person)).status).toBe(201);
    const over = await upload(person);
    expect(over.status).toBe(429);
  }, 180_000);

  it("limits one network, whichever of its members sends the photos", async () => {
    const members = await confirmedMembers("net-a", "net-b", "net-c");
    const statuses: number[] = [];
    for (let n = 0; n < 25; n++) {
      for (const member of members) {
        const res = await upload(member, { ip: "198.51.100.77" });
        statuses.push(res.status);
        await res.body?.cancel();
      }
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(60);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
    // Another network is not held up by that one.
    expect((await upload(members[0], { ip: "198.51.100.78" })).status).toBe(201);
  }, 180_000);
});
