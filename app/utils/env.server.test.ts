import { describe, expect, it } from "vitest";
import { readEnv, resolveWorkers } from "./env.server";

const postgres = "postgres://db.example/souqna";

describe("WEB_CONCURRENCY", () => {
  it("is one process per core (at most 8) on PostgreSQL when unset or auto", () => {
    for (const value of [undefined, "", "auto", "AUTO"]) {
      const env = readEnv({ DATABASE_URL: postgres, WEB_CONCURRENCY: value });
      expect(env.WEB_CONCURRENCY).toBe("auto");
      expect(resolveWorkers(env, 2)).toEqual({ workers: 2 });
      expect(resolveWorkers(env, 1)).toEqual({ workers: 1 });
      expect(resolveWorkers(env, 96)).toEqual({ workers: 8 });
    }
  });

  it("takes a number of workers on PostgreSQL", () => {
    const env = readEnv({ DATABASE_URL: postgres, WEB_CONCURRENCY: " 3 " });
    expect(resolveWorkers(env, 2)).toEqual({ workers: 3 });
  });

  it("is always one process on PGlite, and says when a larger setting is ignored", () => {
    expect(resolveWorkers(readEnv({}), 16)).toEqual({ workers: 1 });
    expect(resolveWorkers(readEnv({ WEB_CONCURRENCY: "1" }), 16)).toEqual({ workers: 1 });
    expect(resolveWorkers(readEnv({ WEB_CONCURRENCY: "4" }), 16)).toEqual({
      workers: 1,
      ignored: 4,
    });
  });

  it("refuses anything else with one line naming it", () => {
    for (const value of ["0", "-1", "two", "1.5", "65", "max"]) {
      expect(() => readEnv({ DATABASE_URL: postgres, WEB_CONCURRENCY: value })).toThrow(
        /^Invalid configuration: WEB_CONCURRENCY: expected a number of worker processes from 1 to 64, or auto/,
      );
    }
  });
});

describe("media storage", () => {
  const bucket = {
    MEDIA_STORAGE: "s3",
    S3_BUCKET: "souqna-media",
    S3_ENDPOINT: "https://account.r2.example",
    S3_ACCESS_KEY_ID: "key",
    S3_SECRET_ACCESS_KEY: "secret",
  };

  it("is the local disk unless MEDIA_STORAGE says s3, and then needs none of the S3 variables", () => {
    const env = readEnv({});
    expect(env.MEDIA_STORAGE).toBe("local");
    expect(env.MEDIA_PUBLIC_URL).toBeUndefined();
    expect(readEnv({ MEDIA_STORAGE: "local", S3_BUCKET: "" }).S3_BUCKET).toBeUndefined();
  });

  it("reads a bucket's settings, trimming a public address's trailing slash", () => {
    const env = readEnv({
      ...bucket,
      S3_FORCE_PATH_STYLE: "true",
      MEDIA_PUBLIC_URL: "https://media.souqna.example/",
    });
    expect(env).toMatchObject({
      MEDIA_STORAGE: "s3",
      S3_BUCKET: "souqna-media",
      S3_ENDPOINT: "https://account.r2.example",
      S3_FORCE_PATH_STYLE: true,
      MEDIA_PUBLIC_URL: "https://media.souqna.example",
    });
    // AWS itself: no endpoint, a region.
    const aws = readEnv({ MEDIA_STORAGE: "s3", S3_BUCKET: "b", S3_REGION: "eu-central-1" });
    expect(aws).toMatchObject({ S3_REGION: "eu-central-1", S3_FORCE_PATH_STYLE: false });
    expect(aws.S3_ENDPOINT).toBeUndefined();
  });

  it("stops with one line naming a missing variable", () => {
    const cases: [Record<string, string>, RegExp][] = [
      [
        { MEDIA_STORAGE: "s3" },
        /^Invalid configuration: S3_BUCKET is required when MEDIA_STORAGE=s3/,
      ],
      [{ ...bucket, S3_BUCKET: "" }, /^Invalid configuration: S3_BUCKET is required/],
      [{ ...bucket, S3_BUCKET: "  " }, /^Invalid configuration: S3_BUCKET is required/],
      [{ MEDIA_STORAGE: "s3", S3_BUCKET: "b" }, /^Invalid configuration: S3_REGION is required/],
      [
        { ...bucket, S3_SECRET_ACCESS_KEY: "" },
        /^Invalid configuration: S3_SECRET_ACCESS_KEY is required when MEDIA_STORAGE=s3 \(S3_ACCESS_KEY_ID is set\)/,
      ],
      [{ ...bucket, S3_ACCESS_KEY_ID: "" }, /^Invalid configuration: S3_ACCESS_KEY_ID is required/],
      [{ MEDIA_STORAGE: "S3" }, /^Invalid configuration: MEDIA_STORAGE: /],
      [{ MEDIA_STORAGE: "gcs" }, /^Invalid configuration: MEDIA_STORAGE: /],
      [
        { ...bucket, S3_ENDPOINT: "r2.example" },
        /^Invalid configuration: S3_ENDPOINT: S3_ENDPOINT must be an http\(s\) URL/,
      ],
      [{ ...bucket, S3_ENDPOINT: "ftp://r2.example" }, /^Invalid configuration: S3_ENDPOINT: /],
      [
        { MEDIA_PUBLIC_URL: "cdn.example" },
        /^Invalid configuration: MEDIA_PUBLIC_URL: MEDIA_PUBLIC_URL must be an http\(s\) URL/,
      ],
      [
        { ...bucket, S3_FORCE_PATH_STYLE: "maybe" },
        /^Invalid configuration: S3_FORCE_PATH_STYLE: /,
      ],
    ];
    for (const [source, message] of cases) {
      let error: Error | undefined;
      try {
        readEnv(source);
      } catch (e) {
        error = e as Error;
      }
      expect(error?.name, JSON.stringify(source)).toBe("ConfigError");
      expect(error?.message, JSON.stringify(source)).toMatch(message);
      expect(error?.message, JSON.stringify(source)).not.toContain("\n");
    }
  });
});

describe("SEED_DEMO", () => {
  it("adds demo listings by default on the embedded database only", () => {
    expect(readEnv({}).SEED_DEMO).toBe(true);
    expect(readEnv({ DATABASE_URL: postgres }).SEED_DEMO).toBe(false);
  });

  it("does what it is told either way", () => {
    expect(readEnv({ DATABASE_URL: postgres, SEED_DEMO: "true" }).SEED_DEMO).toBe(true);
    expect(readEnv({ SEED_DEMO: "false" }).SEED_DEMO).toBe(false);
    expect(() => readEnv({ SEED_DEMO: "maybe" })).toThrow(/^Invalid configuration: SEED_DEMO/);
  });
});

describe("posting, change and photo rates", () => {
  const names = [
    "LISTINGS_PER_MEMBER_PER_HOUR",
    "LISTINGS_PER_MEMBER_PER_DAY",
    "LISTING_CHANGES_PER_MEMBER_PER_HOUR",
    "PHOTOS_PER_MEMBER_PER_HOUR",
    "PHOTOS_PER_IP_PER_HOUR",
  ] as const;

  it("default to what a person never meets and a script does at once", () => {
    const env = readEnv({});
    expect(names.map((name) => env[name])).toEqual([20, 100, 60, 200, 600]);
  });

  it("take an operator's whole number and refuse anything else with one line naming it", () => {
    for (const name of names) {
      expect(readEnv({ [name]: " 35 " })[name]).toBe(35);
      for (const value of ["0", "-3", "1.5", "many"]) {
        expect(() => readEnv({ [name]: value })).toThrow(
          new RegExp(`^Invalid configuration: ${name}: `),
        );
      }
    }
  });
});

describe("SMS_URL", () => {
  it("is unset (the outbox), an SMPP server or an HTTP gateway, and nothing else", () => {
    expect(readEnv({}).SMS_URL).toBeUndefined();
    expect(readEnv({ SMS_URL: " " }).SMS_URL).toBeUndefined();
    const smpp = "smpp://souqna:pw@smsc.example:2775?source=Souqna";
    expect(readEnv({ SMS_URL: smpp }).SMS_URL).toBe(smpp);
    expect(readEnv({ SMS_URL: "https://gw.example/send" }).SMS_URL).toBe("https://gw.example/send");
    for (const value of ["smtp://mail.example", "gw.example/send", "smpp:smsc"]) {
      expect(() => readEnv({ SMS_URL: value })).toThrow(/^Invalid configuration: SMS_URL/);
    }
    expect(readEnv({}).SMS_HTTP_BODY).toBe('{"to":"{to}","text":"{text}","from":"{from}"}');
    expect(readEnv({}).SMS_FROM).toBe("Souqna");
  });
});
