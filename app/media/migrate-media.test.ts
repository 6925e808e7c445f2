import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageKeys, storeListingImages } from "./listing-images.server";
import { type MigrationProgress, migrateMedia } from "./migrate-media.server";
import { startTestS3Server, type TestS3Server, testBucketStorage } from "./s3-test-server";
import { createLocalStorage, type MediaDriver } from "./storage.server";

// `npm run media:migrate -- --to s3` against a real S3 protocol server (s3rver).

const root = path.resolve(import.meta.dirname, "../..");
let s3: TestS3Server;
let dataDir: string;
let keys: string[];

beforeAll(async () => {
  s3 = await startTestS3Server();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-migrate-"));
  const local = createLocalStorage(dataDir);
  const jpeg = await sharp({ create: { width: 500, height: 300, channels: 3, background: "#a52" } })
    .jpeg()
    .toBuffer();
  const images = [
    ...(await storeListingImages(local, randomUUID(), [jpeg, jpeg])),
    ...(await storeListingImages(local, randomUUID(), [jpeg])),
  ];
  keys = images.flatMap(imageKeys).sort();
  // An unfinished write (the local driver's temp name) and a file no key of ours names.
  const folder = path.dirname(path.join(dataDir, "media", keys[0]!));
  fs.writeFileSync(path.join(folder, ".a-320.webp.1234.tmp"), "half");
  fs.writeFileSync(path.join(dataDir, "media", "README.txt"), "notes");
});

afterAll(async () => {
  await s3?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

function localBytes(key: string) {
  return fs.readFileSync(path.join(dataDir, "media", key));
}

async function bucketBytes(driver: MediaDriver, key: string) {
  return Buffer.concat(await (await driver.read(key))!.body.toArray());
}

describe("migrateMedia", () => {
  it("copies every photo once, resumes where it stopped, and leaves the local files alone", async () => {
    const target = await testBucketStorage(s3, "migrate-resume");
    const progress: MigrationProgress[] = [];
    const first = await migrateMedia({ dataDir, to: target, onProgress: (p) => progress.push(p) });
    expect(first).toMatchObject({ total: keys.length, copied: keys.length, skipped: 0, failed: 0 });
    expect(first.ignored).toEqual(["README.txt"]);
    expect(await s3.listKeys("migrate-resume")).toEqual(keys);
    for (const key of keys)
      expect((await bucketBytes(target, key)).equals(localBytes(key))).toBe(true);
    expect(await s3.head("migrate-resume", keys[0]!)).toEqual({
      contentType: "image/webp",
      cacheControl: "public, max-age=31536000, immutable",
    });
    expect(progress.map((p) => p.done)).toEqual(keys.map((_, i) => i + 1));
    expect(progress.at(-1)).toEqual({
      done: keys.length,
      total: keys.length,
      copied: keys.length,
      skipped: 0,
      failed: 0,
    });

    // Run again: nothing to do.
    const second = await migrateMedia({ dataDir, to: target });
    expect(second).toMatchObject({ copied: 0, skipped: keys.length, failed: 0 });

    // A run that stopped half-way: one object missing, one cut short. Only those two are copied.
    await target.delete([keys[1]!]);
    await target.put(keys[2]!, localBytes(keys[2]!).subarray(0, 10));
    const third = await migrateMedia({ dataDir, to: target, concurrency: 2 });
    expect(third).toMatchObject({ copied: 2, skipped: keys.length - 2, failed: 0 });
    expect((await bucketBytes(target, keys[2]!)).equals(localBytes(keys[2]!))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, "media", keys[0]!))).toBe(true);
  });

  it("reports a file that fails and copies the rest; the next run copies just that one", async () => {
    const target = await testBucketStorage(s3, "migrate-failure");
    const flaky: typeof target = {
      ...target,
      async put(key, bytes) {
        if (key === keys[3]) throw new Error("SlowDown: reduce your request rate");
        await target.put(key, bytes);
      },
    };
    const first = await migrateMedia({ dataDir, to: flaky });
    expect(first).toMatchObject({ copied: keys.length - 1, failed: 1 });
    expect(first.failures).toEqual([{ key: keys[3], error: "SlowDown: reduce your request rate" }]);
    const second = await migrateMedia({ dataDir, to: target });
    expect(second).toMatchObject({ copied: 1, skipped: keys.length - 1, failed: 0 });
    expect(await s3.listKeys("migrate-failure")).toEqual(keys);
  });

  it("has nothing to do without a media folder", async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-migrate-empty-"));
    try {
      const target = await testBucketStorage(s3, "migrate-empty");
      expect(await migrateMedia({ dataDir: empty, to: target })).toMatchObject({
        total: 0,
        copied: 0,
      });
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe("npm run media:migrate", () => {
  // Not spawnSync: the S3 server runs in this process and must answer while the command runs.
  function run(args: string[], env: Record<string, string>) {
    return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      execFile(
        path.join(root, "node_modules/.bin/tsx"),
        ["server/cli/media-migrate.ts", ...args],
        {
          cwd: root,
          encoding: "utf8",
          env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, ...env },
          timeout: 20_000,
        },
        (error, stdout, stderr) => {
          const status = error ? (typeof error.code === "number" ? error.code : null) : 0;
          resolve({ status, stdout, stderr });
        },
      );
    });
  }

  it("copies to the bucket with progress, then finds everything there", async () => {
    await s3.createBucket("migrate-cli");
    const env = s3.env("migrate-cli");
    const first = await run(["--to", "s3"], env);
    expect(first.stderr).not.toMatch(/^media:migrate/m);
    expect(first.status).toBe(0);
    expect(first.stdout).toContain(`[${keys.length}/${keys.length}] copied ${keys.length}`);
    expect(first.stdout).toContain("left alone (not a media key of ours): README.txt");
    expect(await s3.listKeys("migrate-cli")).toEqual(keys);

    const second = await run(["--to", "s3"], env);
    expect(second.status).toBe(0);
    expect(second.stdout).toContain(`0 copied, ${keys.length} already in the bucket`);
  });

  it("stops with one line naming what is wrong", async () => {
    const noBucket = await run(["--to", "s3"], { S3_ENDPOINT: s3.endpoint });
    expect(noBucket.status).toBe(2);
    expect(noBucket.stderr.trim()).toMatch(
      /^media:migrate: Invalid configuration: S3_BUCKET is required when MEDIA_STORAGE=s3/,
    );
    expect(noBucket.stderr.trim().split("\n")).toHaveLength(1);

    const noTarget = await run([], s3.env("migrate-cli"));
    expect(noTarget.status).toBe(2);
    expect(noTarget.stderr).toContain("--to s3 is the only target");
  });
});
