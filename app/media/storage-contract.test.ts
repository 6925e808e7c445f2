import { randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { buffer, text } from "node:stream/consumers";
import express, { type NextFunction, type Request, type Response } from "express";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { users } from "~/db/schema";
import type { Member } from "~/domain/accounts/session.server";
import { createListing } from "~/domain/listings/create-listing.server";
import { deleteListing } from "~/domain/listings/delete-listing.server";
import { mediaFiles } from "../../server/media";
import { createTestDatabase, type TestDatabase } from "../../tests/setup/test-database";
import { imageKeys, storeListingImages } from "./listing-images.server";
import { createS3Storage } from "./s3-storage.server";
import { startTestS3Server, type TestS3Server, testBucketStorage } from "./s3-test-server";
import { createLocalStorage, MEDIA_CACHE_CONTROL, type MediaDriver } from "./storage.server";

// One contract, every driver: what the domain, /media and media:migrate rely on. The S3 driver
// runs against a real S3 protocol server (s3rver) started here, over HTTP, with signed requests.

interface Target {
  driver: MediaDriver;
  /** Every stored key, sorted: what is really there, read around the driver. */
  keys(): Promise<string[]>;
  /** $DATA_DIR for the /media handler (the local driver's files are under it). */
  dataDir: string;
}

let s3: TestS3Server;
let database: TestDatabase;
let db: Database;
let jpeg: Buffer;
const scratch: string[] = [];
let buckets = 0;

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-contract-"));
  scratch.push(dir);
  return dir;
}

function filesUnder(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((entry) => fs.statSync(path.join(root, entry)).isFile())
    .map((entry) => entry.split(path.sep).join("/"))
    .sort();
}

const drivers: { name: string; make(publicUrl?: string): Promise<Target> }[] = [
  {
    name: "local disk",
    async make(publicUrl) {
      const dataDir = tempDir();
      return {
        driver: createLocalStorage(dataDir, { publicUrl }),
        keys: async () => filesUnder(path.join(dataDir, "media")),
        dataDir,
      };
    },
  },
  {
    name: "S3 (s3rver)",
    async make(publicUrl) {
      const bucket = `contract-${++buckets}`;
      return {
        driver: await testBucketStorage(s3, bucket, publicUrl),
        keys: () => s3.listKeys(bucket),
        dataDir: tempDir(),
      };
    },
  },
];

function member(id: string): Member {
  return {
    id,
    email: `${id}@example.com`,
    name: id,
    emailVerified: true,
    role: "member",
    avatarUrl: null,
    createdAt: new Date(),
  };
}

const sofa = {
  title: "Grey sofa",
  description: "Three seats, good shape.",
  price: "1,500,000",
  categoryId: "5",
  location: "aleppo",
  details: { type: "sofas", condition: "good" },
};

/** A server with nothing but /media and the app's error answer for client mistakes. */
async function serveMedia(target: Target) {
  const logged: unknown[] = [];
  const app = express();
  app.use(
    "/media",
    mediaFiles(target.driver, {
      dataDir: target.dataDir,
      logger: { error: (entry: object) => logged.push(entry) },
    }),
  );
  app.use((error: { status?: number }, _req: Request, res: Response, _next: NextFunction) => {
    res.status(error.status ?? 500).send(error.status === 404 ? "Not found" : "error");
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    logged,
    /** A raw request: the path is sent exactly as written (fetch would tidy `..` away). */
    request(method: string, rawPath: string, headers: Record<string, string> = {}) {
      return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
        (resolve, reject) => {
          const req = http.request(
            { host: "127.0.0.1", port, method, path: rawPath, headers },
            (res) => {
              buffer(res).then(
                (body) => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }),
                reject,
              );
            },
          );
          req.on("error", reject);
          req.end();
        },
      );
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

beforeAll(async () => {
  s3 = await startTestS3Server();
  database = await createTestDatabase();
  db = database.db;
  jpeg = await sharp({ create: { width: 700, height: 400, channels: 3, background: "#3a6" } })
    .jpeg()
    .toBuffer();
  await db.insert(users).values([
    { id: "hala", name: "Hala", email: "hala@example.com", emailVerified: true },
    {
      id: "suspended",
      name: "Suspended",
      email: "suspended@example.com",
      emailVerified: true,
      suspendedAt: new Date(),
    },
  ]);
});

afterAll(async () => {
  await s3?.close();
  await database?.destroy();
  for (const dir of scratch) fs.rmSync(dir, { recursive: true, force: true });
});

describe.each(drivers)("media storage contract: $name", ({ make }) => {
  let target: Target;
  let driver: MediaDriver;

  beforeEach(async () => {
    target = await make();
    driver = target.driver;
  });

  it("stores whole files and reads them back with their size and type", async () => {
    const bytes = Buffer.from("RIFF....WEBPVP8 fake but whole");
    await driver.put("listings/a/photo-320.webp", bytes);
    await driver.put("listings/a/photo.jpg", Buffer.from("jpeg"));
    expect(await target.keys()).toEqual(["listings/a/photo-320.webp", "listings/a/photo.jpg"]);
    expect(await driver.stat("listings/a/photo-320.webp")).toEqual({ size: bytes.length });

    const object = await driver.read("listings/a/photo-320.webp");
    expect(object).not.toBeNull();
    expect(object!.size).toBe(bytes.length);
    expect(object!.contentType).toBe("image/webp");
    expect(Buffer.from(await object!.body.toArray().then(Buffer.concat))).toEqual(bytes);
    expect((await driver.read("listings/a/photo.jpg"))?.contentType).toBe("image/jpeg");
  });

  it("writing a key again leaves exactly the new bytes", async () => {
    await driver.put("listings/x/a-320.webp", Buffer.from("one"));
    await driver.put("listings/x/a-320.webp", Buffer.from("second"));
    expect(await target.keys()).toEqual(["listings/x/a-320.webp"]);
    const object = await driver.read("listings/x/a-320.webp");
    expect(await text(object!.body)).toBe("second");
  });

  it("knows nothing of a missing key or one the app never writes", async () => {
    expect(await driver.read("listings/none/a-320.webp")).toBeNull();
    expect(await driver.stat("listings/none/a-320.webp")).toBeNull();
    expect(await driver.read("../package.json")).toBeNull();
    expect(await driver.stat("/etc/passwd")).toBeNull();
  });

  it("refuses keys that could escape, and ignores them when deleting", async () => {
    for (const key of [
      "../x.webp",
      "/etc/passwd",
      "a/../../b.webp",
      "listings//a.webp",
      "Listings/A.webp",
      "a.svg",
      "a.webp/",
      "",
    ]) {
      await expect(driver.put(key, Buffer.from("x")), key).rejects.toThrow("Invalid media key");
      expect(() => driver.urlFor(key), key).toThrow("Invalid media key");
    }
    await driver.put("listings/k/keep-320.webp", Buffer.from("keep"));
    await driver.delete(["../listings/k/keep-320.webp", "listings/k/../k/keep-320.webp"]);
    expect(await target.keys()).toEqual(["listings/k/keep-320.webp"]);
  });

  it("deletes what it is asked to, missing keys included", async () => {
    await driver.put("listings/d/a-320.webp", Buffer.from("a"));
    await driver.put("listings/d/a-640.webp", Buffer.from("b"));
    await driver.put("listings/e/b-320.webp", Buffer.from("c"));
    await driver.delete(["listings/d/a-320.webp", "listings/d/a-640.webp", "listings/d/gone.webp"]);
    expect(await target.keys()).toEqual(["listings/e/b-320.webp"]);
    await driver.delete([]);
  });

  it("addresses files under /media, or under MEDIA_PUBLIC_URL when photos are served elsewhere", async () => {
    expect(driver.urlFor("listings/a/b-320.webp")).toBe("/media/listings/a/b-320.webp");
    const cdn = await make("https://cdn.example/photos/");
    expect(cdn.driver.urlFor("listings/a/b-320.webp")).toBe(
      "https://cdn.example/photos/listings/a/b-320.webp",
    );
  });

  it("deletes what a listing's upload wrote when a later write fails", async () => {
    let puts = 0;
    const failing: MediaDriver = {
      ...driver,
      async put(key, bytes) {
        if (++puts === 3) throw new Error("bucket refused the write");
        await driver.put(key, bytes);
      },
    };
    await expect(storeListingImages(failing, randomUUID(), [jpeg, jpeg])).rejects.toThrow(
      "bucket refused the write",
    );
    expect(await target.keys()).toEqual([]);
  });

  it("keeps the all-or-nothing save: photos go when the database refuses the listing", async () => {
    // The member was suspended while the photos uploaded: the transaction refuses the listing
    // after every file is in storage.
    await expect(
      createListing({
        db,
        storage: driver,
        member: member("suspended"),
        input: sofa,
        images: [jpeg],
      }),
    ).rejects.toMatchObject({ code: "ACCOUNT_SUSPENDED" });
    expect(await target.keys()).toEqual([]);

    // And the whole life of a saved one: its files while it exists, none after.
    const { id } = await createListing({
      db,
      storage: driver,
      member: member("hala"),
      input: sofa,
      images: [jpeg, jpeg],
    });
    const keys = await target.keys();
    expect(keys).toHaveLength(6); // two photos × (320, 640, 700) variants
    expect(keys.every((key) => key.startsWith(`listings/${id}/`))).toBe(true);
    await deleteListing({ db, storage: driver, member: member("hala"), listingId: id });
    expect(await target.keys()).toEqual([]);
  });

  it("serves /media/* with a year of immutable caching, 404 for anything missing", async () => {
    const [image] = await storeListingImages(driver, randomUUID(), [jpeg]);
    const key = imageKeys(image!)[0]!;
    const stored = (await driver.read(key))!;
    const bytes = Buffer.concat(await stored.body.toArray());
    const server = await serveMedia(target);
    try {
      const res = await server.request("GET", `/media/${key}`);
      expect(res.status).toBe(200);
      expect(res.headers["content-type"]).toBe("image/webp");
      expect(res.headers["cache-control"]).toBe(MEDIA_CACHE_CONTROL);
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["cross-origin-resource-policy"]).toBe("same-origin");
      expect(Number(res.headers["content-length"])).toBe(bytes.length);
      expect(res.headers.etag).toBeTruthy();
      expect(res.body.equals(bytes)).toBe(true);

      const again = await server.request("GET", `/media/${key}`, {
        "if-none-match": String(res.headers.etag),
      });
      expect(again.status).toBe(304);
      const head = await server.request("HEAD", `/media/${key}`);
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);

      expect((await server.request("GET", "/media/listings/none/a-320.webp")).status).toBe(404);
      // Names the app never writes, and ways out of the folder or the bucket's prefix.
      fs.writeFileSync(path.join(target.dataDir, "secret.webp"), "secret");
      for (const trick of [
        "/media/../secret.webp",
        "/media/..%2fsecret.webp",
        "/media/listings/%2e%2e/%2e%2e/secret.webp",
        "/media/listings/..%2f..%2fsecret.webp",
        "/media//etc/passwd",
        "/media/%2fetc%2fpasswd",
        `/media/${key.toUpperCase()}`,
        `/media/${key}%00.webp`,
        "/media/",
      ]) {
        const res = await server.request("GET", trick);
        expect(res.status, trick).toBe(404);
        expect(res.body.toString(), trick).not.toContain("secret");
      }
      expect(server.logged).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

describe("S3 driver", () => {
  it("writes each object with its Content-Type and the immutable Cache-Control", async () => {
    const driver = await testBucketStorage(s3, "headers");
    await driver.put("listings/h/a-320.webp", Buffer.from("webp"));
    expect(await s3.head("headers", "listings/h/a-320.webp")).toEqual({
      contentType: "image/webp",
      cacheControl: "public, max-age=31536000, immutable",
    });
  });

  it("answers /media with 503 and Retry-After when the bucket is away, never a 500", async () => {
    // A bucket that does not exist stands for a service that refuses us.
    const driver = createS3Storage({ ...s3.options("no-such-bucket") });
    const server = await serveMedia({ driver, keys: async () => [], dataDir: tempDir() });
    try {
      const res = await server.request("GET", "/media/listings/a/b-320.webp");
      expect(res.status).toBe(503);
      expect(res.headers["retry-after"]).toBe("10");
      expect(server.logged).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});
