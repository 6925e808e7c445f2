import net from "node:net";
import os from "node:os";
import path from "node:path";
import { type CountryCode, isSupportedCountry } from "libphonenumber-js/max";
import { z } from "zod";

/** More workers than this only add PostgreSQL connections (10 per worker), not throughput. */
const MAX_WORKERS = 64;
/** `auto` stops here: each worker holds its own pool of 10 connections. */
const MAX_AUTO_WORKERS = 8;

const booleanish = z
  .enum(["true", "false", "1", "0", "yes", "no", ""])
  .transform((v) => v === "true" || v === "1" || v === "yes");

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined);

function optionalHttpUrl(name: string) {
  return z
    .string()
    .trim()
    .optional()
    .refine(
      (v) => !v || (URL.canParse(v) && /^https?:\/\//i.test(v)),
      `${name} must be an http(s) URL`,
    )
    .transform((v) => v?.replace(/\/+$/, "") || undefined);
}

/** A number of actions per window: a whole number, at least one. */
function rate(defaultValue: number) {
  return z.coerce
    .number()
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(1_000_000)
    .default(defaultValue);
}

/** The push services of the browsers that have Web Push, by the host of their endpoints. */
export const DEFAULT_PUSH_SERVICE_HOSTS = [
  "fcm.googleapis.com",
  "android.googleapis.com",
  "push.services.mozilla.com",
  "push.apple.com",
  "notify.windows.com",
];

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// or postgresql://")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  PUBLIC_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  SESSION_SECRET: z
    .string()
    .min(32)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Souqna <no-reply@localhost>"),
  SUPPORT_EMAIL: z.string().email().default("support@localhost"),
  /**
   * Where text messages go (app/sms): `smpp://user:password@host:2775?source=Souqna` (SMPP 3.4),
   * `https://…` (an HTTP gateway, body from SMS_HTTP_BODY), unset: files in $DATA_DIR/sms.
   */
  SMS_URL: optionalText.refine(
    (v) => !v || (URL.canParse(v) && /^(smpp|https?):\/\//i.test(v)),
    "SMS_URL must be an smpp:// or http(s):// URL",
  ),
  /** The sender name or number an HTTP gateway's `{from}` gets; SMPP takes `?source=` first. */
  SMS_FROM: z.string().trim().min(1).max(16).default("Souqna"),
  /**
   * The HTTP gateway's request body, with `{to}`, `{text}` and `{from}`: JSON when it starts with
   * `{` (values escaped as JSON strings), otherwise form-encoded (values URL-encoded).
   */
  SMS_HTTP_BODY: z.string().trim().min(1).default('{"to":"{to}","text":"{text}","from":"{from}"}'),
  /**
   * The countries whose mobile numbers get SMS codes (decision 036), as ISO codes separated by
   * commas ("SY,LB,TR,DE"); unset: Syria, its neighbours and the main diaspora countries.
   */
  SMS_COUNTRIES: optionalText.transform((value, ctx) => {
    if (!value) return undefined;
    const codes = value
      .split(",")
      .map((code) => code.trim().toUpperCase())
      .filter(Boolean);
    const wrong = codes.filter((code) => !isSupportedCountry(code));
    if (wrong.length > 0 || codes.length === 0) {
      ctx.addIssue({ code: "custom", message: `SMS_COUNTRIES has unknown countries: ${wrong}` });
      return z.NEVER;
    }
    return codes as CountryCode[];
  }),
  /** Code texts to one country in an hour, all members together: SMS pumping stops here. */
  SMS_PER_COUNTRY_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(200),
  /** Demo listings in an empty database: by default on the embedded one only (a quick start). */
  SEED_DEMO: booleanish.optional(),
  /**
   * Which proxies in front of the app may say who the client is (X-Forwarded-For): a number of
   * hops, or a comma-separated list of proxy addresses / CIDR ranges. The client is then read
   * from the right of the header, past the trusted hops, so a client cannot choose its address.
   */
  TRUST_PROXY: z
    .string()
    .default("false")
    .transform((value, ctx): TrustProxy => {
      const v = value.trim().toLowerCase();
      if (["", "false", "0", "no"].includes(v)) return false;
      // `true` once meant "believe the header"; it now means exactly one proxy in front.
      if (v === "true" || v === "yes") return 1;
      if (/^\d+$/.test(v)) return Math.min(Number(v), 10);
      const entries = v
        .split(",")
        .map((entry) => entry.trim())
        .filter(Boolean);
      const bad = entries.find((entry) => !isAddressOrRange(entry));
      if (bad || entries.length === 0) {
        ctx.addIssue({
          code: "custom",
          message: `expected false, a number of proxy hops, or proxy addresses/CIDR ranges; got "${bad ?? value}"`,
        });
        return z.NEVER;
      }
      return entries;
    }),
  /** Serve the mail outbox (/dev/mail) in production without SMTP_URL, to loopback only. */
  DEV_MAIL: booleanish.default(false),
  /** Many Syrian mobile users share one carrier address (CGNAT): operators may need more. */
  SIGN_UPS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(5),
  /*
   * How fast one member may post, change listings and upload photos, and one network upload
   * photos (app/domain/listings/listing-rates.server.ts states the same defaults). A person never
   * meets them; a script does. Raise the network's when many members share a carrier address.
   */
  LISTINGS_PER_MEMBER_PER_HOUR: rate(20),
  LISTINGS_PER_MEMBER_PER_DAY: rate(100),
  LISTING_CHANGES_PER_MEMBER_PER_HOUR: rate(60),
  PHOTOS_PER_MEMBER_PER_HOUR: rate(200),
  PHOTOS_PER_IP_PER_HOUR: rate(600),
  /**
   * The risk score (app/domain/screening/risk-score.ts, 0–100) from which a new or edited listing
   * is held "Under review" instead of published. 101 holds only copied photos, which always hold.
   */
  SCREENING_HOLD_SCORE: z.coerce.number().int().min(1).max(101).default(60),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DEFAULT_USD_RATE: z.coerce.number().positive().default(0.0083),
  /** A JSON service answering `{ "date": "YYYY-MM-DD", "rates": { "USD": n } }` for base SYP. */
  EXCHANGE_RATE_URL: z
    .string()
    .url()
    .refine((v) => /^https?:\/\//i.test(v), "EXCHANGE_RATE_URL must be an http(s) URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** Whether that service's rate is per new pound (since 1 January 2026) or per old pound. */
  EXCHANGE_RATE_BASE: z.enum(["new", "old"]).default("new"),
  /**
   * Worker processes serving requests on PostgreSQL (node:cluster): a number, or `auto` (unset)
   * for one per core. PGlite always runs in one process (decision 001): see resolveWorkers.
   */
  WEB_CONCURRENCY: z
    .string()
    .optional()
    .transform((value, ctx): number | "auto" => {
      const v = (value ?? "").trim().toLowerCase();
      if (v === "" || v === "auto") return "auto";
      if (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= MAX_WORKERS) return Number(v);
      ctx.addIssue({
        code: "custom",
        message: `expected a number of worker processes from 1 to ${MAX_WORKERS}, or auto; got "${value}"`,
      });
      return z.NEVER;
    }),
  /**
   * Seconds a page rendered for a visitor without an account may serve other such visitors
   * (server/page-cache.ts, decision 012); 0 turns it off. Never applies to members' pages.
   */
  PAGE_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(1),
  /**
   * Say on each page whether the page cache rendered it (`X-Page-Cache: miss | hit | stale`), for
   * tests and benchmarks. Unset: on, except in production, where it would tell an attacker which
   * addresses make the server work.
   */
  PAGE_CACHE_HEADER: booleanish.optional(),
  /**
   * Days an active listing stays in search after it is posted or renewed; its owner is reminded
   * 3 days before (app/domain/listings/listing-expiry.server.ts).
   */
  LISTING_TTL_DAYS: z.coerce
    .number()
    .int("must be a whole number of days")
    .min(4, "must be at least 4 days (the reminder goes 3 days before)")
    .max(3650)
    .default(60),
  /** URLs per sitemap file: the protocol allows 50,000; tests lower it. */
  SITEMAP_URLS_PER_FILE: z.coerce.number().int().min(1).max(50_000).default(50_000),
  /**
   * With it, GET /metrics and the details of /healthz answer anyone presenting
   * `Authorization: Bearer <token>` (and no one else). Without it, in production nobody gets
   * them; in development, this machine (loopback, not through a proxy).
   */
  METRICS_TOKEN: z
    .string()
    .min(16, "must be at least 16 characters")
    .regex(/^\S+$/, "must not contain spaces")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /**
   * Whether this process works the job queue (mail, notifications; decision 019): `on` (default),
   * or `off` for web instances when `npm run jobs` (or another instance) works them. Sending is
   * always on.
   */
  JOBS: z
    .string()
    .optional()
    .transform((value, ctx): "on" | "off" => {
      const v = (value ?? "").trim().toLowerCase();
      if (["", "on", "true", "1", "yes"].includes(v)) return "on";
      if (["off", "false", "0", "no"].includes(v)) return "off";
      ctx.addIssue({ code: "custom", message: `expected on or off; got "${value}"` });
      return z.NEVER;
    }),
  /** Seconds before a failed job's first retry; it doubles with each retry. Tests shorten it. */
  JOB_RETRY_DELAY_SECONDS: z.coerce
    .number()
    .int("must be a whole number of seconds")
    .min(1)
    .max(3600)
    .default(30),
  /**
   * Seconds a message waits unread before its recipient is e-mailed (docs/product-decisions.md
   * §D16); at most one such e-mail per conversation an hour. Tests shorten it.
   */
  NOTIFY_UNREAD_AFTER_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 3600)
    .default(600),
  /** Seconds an idle worker waits before it asks for jobs again. */
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  /**
   * Web Push's VAPID key pair (base64url, as `npx web-push generate-vapid-keys` prints it): both or
   * neither. Unset, a pair is generated once into `$DATA_DIR/vapid.json`; several instances must
   * share one pair, so set it here (decision 021).
   */
  VAPID_PUBLIC_KEY: optionalText.refine(
    (v) => !v || /^[A-Za-z0-9_-]{86,88}={0,2}$/.test(v),
    "expected the 65-byte public key in base64url (87 characters)",
  ),
  VAPID_PRIVATE_KEY: optionalText.refine(
    (v) => !v || /^[A-Za-z0-9_-]{42,44}={0,2}$/.test(v),
    "expected the 32-byte private key in base64url (43 characters)",
  ),
  /** Who push services may contact about our pushes: `mailto:` or `https:` (RFC 8292). */
  VAPID_SUBJECT: optionalText.refine(
    (v) => !v || /^mailto:[^\s@]+@[^\s@]+$/i.test(v) || /^https:\/\/[^\s]+$/i.test(v),
    "expected a mailto: address or an https: URL",
  ),
  /**
   * The push services our server may POST to (decision 021): host names, each also allowing its
   * sub-domains. A subscription's endpoint is a URL the browser hands us; without this list a
   * member could make the server call any address it can reach. The default is the browsers'
   * own services (Chrome, Edge, Firefox, Safari, Samsung, Opera).
   */
  PUSH_SERVICE_HOSTS: z
    .string()
    .trim()
    .default(DEFAULT_PUSH_SERVICE_HOSTS.join(","))
    .transform((v) =>
      v
        .split(",")
        .map((host) =>
          host
            .trim()
            .toLowerCase()
            .replace(/^\*?\./, ""),
        )
        .filter(Boolean),
    )
    .refine(
      (hosts) =>
        hosts.length > 0 && hosts.every((host) => /^[a-z0-9.-]+$|^\[[0-9a-f:]+\]$/.test(host)),
      "expected comma-separated host names",
    ),
  /** Where photos live: `$DATA_DIR/media` (local) or an S3-compatible bucket (decision 016). */
  MEDIA_STORAGE: z.enum(["local", "s3"]).default("local"),
  S3_BUCKET: optionalText,
  /** Required for AWS itself (no S3_ENDPOINT); other services default to us-east-1. */
  S3_REGION: optionalText,
  /** Another service than AWS: R2, MinIO, Backblaze B2, … */
  S3_ENDPOINT: optionalHttpUrl("S3_ENDPOINT"),
  /** Both or neither: without them the SDK's own chain applies (instance role, AWS_* variables). */
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** `bucket.host/key` addresses by default; MinIO and most self-hosted services need path style. */
  S3_FORCE_PATH_STYLE: booleanish.default(false),
  /**
   * Where browsers fetch photos (a CDN or the bucket's public address), e.g.
   * `https://media.souqna.example`; unset, the app serves `/media/*` itself.
   */
  MEDIA_PUBLIC_URL: optionalHttpUrl("MEDIA_PUBLIC_URL"),
});

export type TrustProxy = false | number | string[];

function isAddressOrRange(entry: string) {
  const [address, bits, extra] = entry.split("/");
  if (extra !== undefined || !address || !net.isIP(address)) return false;
  if (bits === undefined) return true;
  const max = net.isIPv4(address) ? 32 : 128;
  return /^\d+$/.test(bits) && Number(bits) <= max;
}

export type Env = Omit<z.infer<typeof EnvSchema>, "PUBLIC_URL" | "DATA_DIR" | "SEED_DEMO"> & {
  SEED_DEMO: boolean;
  DATA_DIR: string;
  PUBLIC_URL: string;
};

/**
 * Reads and validates the configuration once. Throws an Error whose message is one line
 * naming the variable, so start-up can print it without a stack trace.
 */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid configuration: ${issue?.path.join(".")}: ${issue?.message}`);
  }
  const env = parsed.data;
  if (env.NODE_ENV === "production" && env.DATABASE_URL && !env.SESSION_SECRET) {
    // Instances sharing a database must share the secret; a generated one would differ per host.
    throw new ConfigError(
      "Invalid configuration: SESSION_SECRET is required in production with DATABASE_URL (at least 32 characters)",
    );
  }
  checkMediaStorage(env);
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    const missing = env.VAPID_PUBLIC_KEY ? "VAPID_PRIVATE_KEY" : "VAPID_PUBLIC_KEY";
    const set = env.VAPID_PUBLIC_KEY ? "VAPID_PUBLIC_KEY" : "VAPID_PRIVATE_KEY";
    throw new ConfigError(
      `Invalid configuration: ${missing} is required when ${set} is set (a VAPID key pair: both or neither)`,
    );
  }
  return {
    ...env,
    DATA_DIR: path.resolve(env.DATA_DIR),
    // A server on PostgreSQL is a real site: no invented listings unless asked for.
    SEED_DEMO: env.SEED_DEMO ?? !env.DATABASE_URL,
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
  };
}

/** What the S3 driver needs; the variables are checked only when MEDIA_STORAGE=s3. */
function checkMediaStorage(env: z.infer<typeof EnvSchema>) {
  if (env.MEDIA_STORAGE !== "s3") return;
  const missing = (name: string, why: string) =>
    new ConfigError(`Invalid configuration: ${name} is required when MEDIA_STORAGE=s3 (${why})`);
  if (!env.S3_BUCKET) throw missing("S3_BUCKET", "the bucket that holds the photos");
  if (!env.S3_ENDPOINT && !env.S3_REGION) {
    throw missing("S3_REGION", "the bucket's AWS region, or set S3_ENDPOINT for another service");
  }
  if (env.S3_ACCESS_KEY_ID && !env.S3_SECRET_ACCESS_KEY) {
    throw missing("S3_SECRET_ACCESS_KEY", "S3_ACCESS_KEY_ID is set");
  }
  if (env.S3_SECRET_ACCESS_KEY && !env.S3_ACCESS_KEY_ID) {
    throw missing("S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY is set");
  }
}

/**
 * How many processes serve requests. PGlite: always one, whatever WEB_CONCURRENCY says (one
 * process owns the embedded database, decision 001); `ignored` then says so for the log.
 * PostgreSQL: WEB_CONCURRENCY, or one per core (at most 8) when it is `auto` or unset.
 */
export function resolveWorkers(
  env: Pick<Env, "DATABASE_URL" | "WEB_CONCURRENCY">,
  cores = os.availableParallelism(),
): { workers: number; ignored?: number } {
  if (!env.DATABASE_URL) {
    const asked = env.WEB_CONCURRENCY;
    return asked !== "auto" && asked > 1 ? { workers: 1, ignored: asked } : { workers: 1 };
  }
  if (env.WEB_CONCURRENCY !== "auto") return { workers: env.WEB_CONCURRENCY };
  return { workers: Math.max(1, Math.min(cores, MAX_AUTO_WORKERS)) };
}

export class ConfigError extends Error {
  override name = "ConfigError";
}
