import type { Env } from "~/utils/env.server";
import { createS3Storage } from "./s3-storage.server";
import { createLocalStorage, type MediaDriver } from "./storage.server";

type MediaEnv = Pick<
  Env,
  | "DATA_DIR"
  | "MEDIA_STORAGE"
  | "MEDIA_PUBLIC_URL"
  | "S3_BUCKET"
  | "S3_REGION"
  | "S3_ENDPOINT"
  | "S3_ACCESS_KEY_ID"
  | "S3_SECRET_ACCESS_KEY"
  | "S3_FORCE_PATH_STYLE"
>;

// One driver per configuration: the S3 driver holds a client with its pool of connections.
const drivers = new WeakMap<MediaEnv, MediaDriver>();

/** The driver MEDIA_STORAGE chooses (readEnv has checked its variables). */
export function createMediaStorage(env: MediaEnv): MediaDriver {
  let driver = drivers.get(env);
  if (!driver) {
    driver =
      env.MEDIA_STORAGE === "s3"
        ? createS3StorageFromEnv(env)
        : createLocalStorage(env.DATA_DIR, { publicUrl: env.MEDIA_PUBLIC_URL });
    drivers.set(env, driver);
  }
  return driver;
}

/**
 * The bucket the S3_* variables name, whatever MEDIA_STORAGE says: `media:migrate` fills it
 * before the switch. The variables were checked by readEnv (with MEDIA_STORAGE=s3).
 */
export function createS3StorageFromEnv(env: MediaEnv): MediaDriver {
  if (!env.S3_BUCKET) throw new Error("S3_BUCKET is not set");
  return createS3Storage({
    bucket: env.S3_BUCKET,
    region: env.S3_REGION ?? "us-east-1",
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
    publicUrl: env.MEDIA_PUBLIC_URL,
  });
}
