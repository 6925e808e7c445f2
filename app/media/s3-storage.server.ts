import type { Readable } from "node:stream";
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import {
  assertKey,
  contentTypeFor,
  isValidMediaKey,
  MEDIA_CACHE_CONTROL,
  type MediaDriver,
  mediaUrl,
} from "./storage.server";

export interface S3StorageOptions {
  bucket: string;
  /** Required by the SDK; services other than AWS mostly ignore it. */
  region: string;
  /** Another service than AWS (R2, MinIO, B2, …). */
  endpoint?: string;
  /** Both or neither: without them the SDK's default chain applies (instance role, AWS_*). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle?: boolean;
  /** A CDN or the bucket's public address; unset, photos are served by the app at `/media`. */
  publicUrl?: string;
}

/** DeleteObjects takes at most this many keys per request. */
const DELETE_BATCH = 1000;

/**
 * The MediaStorage contract on any S3-compatible bucket. A PutObject is atomic (a reader sees the
 * whole object or none), so `put` needs no temporary name. Objects carry their Content-Type and
 * the one-year immutable Cache-Control, so a CDN or the bucket's own public address serves them
 * exactly as the app would.
 */
export function createS3Storage(options: S3StorageOptions): MediaDriver {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle ?? false,
    credentials: options.credentials,
    // Since early 2025 the SDK adds CRC checksums to every upload and checks them on download;
    // several S3-compatible services refuse or lack them. Only where the API requires one.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    // A photo request must not hang on a bucket that is away: fail, and let the caller answer.
    maxAttempts: 3,
  });
  const Bucket = options.bucket;

  return {
    kind: "s3",

    async put(key, bytes) {
      assertKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: bytes,
          ContentLength: bytes.byteLength,
          ContentType: contentTypeFor(key),
          CacheControl: MEDIA_CACHE_CONTROL,
        }),
      );
    },

    async delete(keys) {
      const valid = [...new Set(keys.filter(isValidMediaKey))];
      for (let i = 0; i < valid.length; i += DELETE_BATCH) {
        const batch = valid.slice(i, i + DELETE_BATCH);
        const result = await client.send(
          new DeleteObjectsCommand({
            Bucket,
            Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
          }),
        );
        // A missing key is not an error for S3 (nor for this contract); anything else is.
        const failed = (result.Errors ?? []).filter((error) => error.Code !== "NoSuchKey");
        if (failed.length > 0) {
          const first = failed[0]!;
          throw new Error(
            `Deleting ${failed.length} media object(s) failed: ${first.Key}: ${first.Code} ${first.Message ?? ""}`.trim(),
          );
        }
      }
    },

    urlFor(key) {
      return mediaUrl(key, options.publicUrl);
    },

    async read(key) {
      if (!isValidMediaKey(key)) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return {
          body: object.Body as Readable,
          size: object.ContentLength ?? 0,
          contentType: object.ContentType ?? contentTypeFor(key),
          etag: object.ETag,
          lastModified: object.LastModified,
        };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async stat(key) {
      if (!isValidMediaKey(key)) return null;
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: head.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async ping() {
      // HeadObject cannot tell a missing bucket from a missing key (404 either way); this can.
      await client.send(new HeadBucketCommand({ Bucket }));
    },

    close() {
      client.destroy();
    },
  };
}

/** A missing object (GetObject says NoSuchKey, HeadObject a bare 404); a missing bucket is not. */
function isNotFound(error: unknown) {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  if (name === "NoSuchBucket") return false;
  return name === "NoSuchKey" || name === "NotFound" || $metadata?.httpStatusCode === 404;
}
