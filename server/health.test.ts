import { afterAll, describe, expect, it } from "vitest";
import { createS3Storage } from "../app/media/s3-storage.server";
import { startTestS3Server } from "../app/media/s3-test-server";
import { checkBucket } from "./health";
import { createLogger } from "./logger";

/* /healthz reports the photos' bucket (MEDIA_STORAGE=s3): up while it answers, down when not. */
describe("the bucket in the health report", () => {
  const logger = createLogger("silent");
  const stops: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const stop of stops) await stop();
  });

  it("is up while the bucket answers and down, with the reason, once it does not", async () => {
    const s3 = await startTestS3Server();
    stops.push(() => s3.close().catch(() => {}));
    await s3.createBucket("souqna-health");
    const storage = createS3Storage(s3.options("souqna-health"));
    stops.push(() => storage.close());
    expect(await checkBucket(storage, logger)).toMatchObject({ kind: "s3", status: "up" });

    const missing = createS3Storage(s3.options("no-such-bucket"));
    stops.push(() => missing.close());
    expect(await checkBucket(missing, logger)).toMatchObject({ status: "down" });

    await s3.close();
    const report = await checkBucket(storage, logger);
    expect(report.status).toBe("down");
    expect(report).toHaveProperty("error");
  }, 60_000);
});
