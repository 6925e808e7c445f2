import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestS3Server, type TestS3Server } from "../app/media/s3-test-server";
import { postListingWithPhotoOverHttp, signUpOverHttp } from "../tests/setup/http-members";
import { twoInstancesOnPostgres } from "../tests/setup/two-instances";

/*
 * Decision 016: two instances behind one address share their photos only through the bucket. A
 * listing posted with a photo through A is read, page and every picture, through B; neither
 * instance keeps the photo on its own disk. PostgreSQL pass only (two instances need it).
 */
const BUCKET = "souqna-two-instances";

describe.skipIf(!process.env.TEST_DATABASE_URL)("photos across two instances (S3)", () => {
  let s3: TestS3Server | undefined;
  beforeAll(async () => {
    s3 = await startTestS3Server();
    await s3.createBucket(BUCKET);
  }, 60_000);
  afterAll(async () => {
    await s3?.close();
  });
  const servers = twoInstancesOnPostgres("souqna-media", () => ({
    MEDIA_STORAGE: "s3",
    ...(s3?.env(BUCKET) ?? {}),
  }));

  it("serves through B every photo of a listing posted through A", async () => {
    const { a, b } = servers;
    const member = await signUpOverHttp(a.url, {
      name: "Lina Two Instances",
      email: `lina-${Date.now()}@example.com`,
    });
    const posted = await postListingWithPhotoOverHttp(a.url, member, {
      title: "A sofa photographed on one server",
      location: "aleppo",
    });
    expect(posted.status, await posted.text()).toBe(302);
    const location = posted.headers.get("location") ?? "";
    expect(location).toMatch(/^\/listing\/[0-9a-f-]{36}$/);

    const page = await fetch(`${b.url}${location}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const photos = [...new Set(html.match(/\/media\/listings\/[\w./-]+\.webp/g) ?? [])];
    expect(photos.length).toBeGreaterThan(0);
    for (const photo of photos) {
      const res = await fetch(`${b.url}${photo}`);
      expect(res.status, photo).toBe(200);
      expect(res.headers.get("content-type"), photo).toBe("image/webp");
      expect(res.headers.get("cache-control"), photo).toContain("immutable");
      expect((await res.arrayBuffer()).byteLength, photo).toBeGreaterThan(100);
    }
    // The bucket holds them; neither instance's disk does.
    const keys = await s3!.listKeys(BUCKET);
    for (const photo of photos) expect(keys).toContain(photo.replace(/^\/media\//, ""));
    for (const dataDir of [servers.dataDirs.a, servers.dataDirs.b]) {
      const media = path.join(dataDir, "media", "listings");
      expect(fs.existsSync(media), media).toBe(false);
    }
  });
});
