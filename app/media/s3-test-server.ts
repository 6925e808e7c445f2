import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  CreateBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from "@aws-sdk/client-s3";
import { createS3Storage, type S3StorageOptions } from "./s3-storage.server";

/**
 * A real S3 protocol server for tests: `s3rver` (a devDependency) on a free loopback port, with
 * its objects in a temporary folder. Nothing is mocked: the driver talks HTTP, signs its requests
 * and parses S3's XML exactly as it would with AWS, R2 or MinIO. When the server cannot start the
 * test fails with the reason — it never skips, so CI cannot pass without the S3 contract.
 */
export interface TestS3Server {
  endpoint: string;
  /** The S3_* variables of a driver on this server (and a fresh bucket). */
  env(bucket?: string): Record<string, string>;
  options(bucket?: string): S3StorageOptions;
  createBucket(name: string): Promise<void>;
  /** Every key in the bucket, sorted. */
  listKeys(bucket: string): Promise<string[]>;
  /** The object's headers as stored, or null. */
  head(bucket: string, key: string): Promise<{ contentType?: string; cacheControl?: string }>;
  close(): Promise<void>;
}

const ACCESS_KEY = "S3RVER";

export async function startTestS3Server(): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-s3-"));
  let server: { run(): Promise<{ port: number }>; close(): Promise<void> };
  let port: number;
  try {
    const { default: S3rver } = await import("s3rver");
    server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory });
    ({ port } = await server.run());
  } catch (error) {
    fs.rmSync(directory, { recursive: true, force: true });
    throw new Error(
      `The S3 contract tests need a real S3 protocol server and could not start one (the s3rver ` +
        `devDependency, installed by \`npm ci\`): ${(error as Error).message}`,
    );
  }
  const endpoint = `http://127.0.0.1:${port}`;
  const options = (bucket = "souqna-media"): S3StorageOptions => ({
    bucket,
    region: "us-east-1",
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
  });
  const { region, credentials } = options();
  const admin = new S3Client({ region, endpoint, credentials, forcePathStyle: true });
  return {
    endpoint,
    options,
    env: (bucket = "souqna-media") => ({
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_FORCE_PATH_STYLE: "true",
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
    }),
    async createBucket(name) {
      await admin.send(new CreateBucketCommand({ Bucket: name }));
    },
    async listKeys(bucket) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await admin.send(
          new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    async head(bucket, key) {
      const head = await admin.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      return { contentType: head.ContentType, cacheControl: head.CacheControl };
    },
    async close() {
      admin.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** A driver on a fresh bucket of the test server. */
export async function testBucketStorage(s3: TestS3Server, bucket: string, publicUrl?: string) {
  await s3.createBucket(bucket);
  return createS3Storage({ ...s3.options(bucket), publicUrl });
}
