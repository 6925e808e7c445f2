import fs from "node:fs";
import path from "node:path";
import webpush from "web-push";
import type { Env } from "./env.server";

/** The VAPID identity our pushes are signed with (RFC 8292); the public key goes to browsers. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** `mailto:` or `https:`: whom a push service may contact about our pushes. */
  subject: string;
}

type VapidEnv = Pick<Env, "DATA_DIR" | "PUBLIC_URL" | "SUPPORT_EMAIL"> &
  Partial<Pick<Env, "VAPID_PUBLIC_KEY" | "VAPID_PRIVATE_KEY" | "VAPID_SUBJECT">>;

const KEY_FILE = "vapid.json";
const cache = new Map<string, VapidKeys>();

/**
 * VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when configured (readEnv checks both or neither);
 * otherwise a pair generated once into $DATA_DIR/vapid.json (mode 600) and reused, as the session
 * secret is (decision 003): browsers subscribe to one public key, and a new pair would orphan
 * every subscription. Several instances must share the pair through the environment.
 */
export function resolveVapidKeys(env: VapidEnv): VapidKeys {
  const subject = env.VAPID_SUBJECT ?? defaultSubject(env);
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  }
  const file = path.join(env.DATA_DIR, KEY_FILE);
  const known = cache.get(file);
  if (known) return { ...known, subject };
  const keys = readKeyFile(file) ?? writeKeyFile(file);
  cache.set(file, { ...keys, subject });
  return { ...keys, subject };
}

/** The site's address when it is https, else the support address (push services want one). */
function defaultSubject(env: Pick<Env, "PUBLIC_URL" | "SUPPORT_EMAIL">) {
  return env.PUBLIC_URL.startsWith("https:") ? env.PUBLIC_URL : `mailto:${env.SUPPORT_EMAIL}`;
}

function readKeyFile(file: string): Pick<VapidKeys, "publicKey" | "privateKey"> | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>;
    const { publicKey, privateKey } = parsed;
    if (typeof publicKey === "string" && typeof privateKey === "string") {
      return { publicKey, privateKey };
    }
  } catch {
    // Not generated yet (or unreadable: a new pair replaces it).
  }
  return null;
}

function writeKeyFile(file: string) {
  const { publicKey, privateKey } = webpush.generateVAPIDKeys();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  try {
    // `wx`: two processes starting together keep the first pair written, not one each.
    fs.writeFileSync(file, `${JSON.stringify({ publicKey, privateKey })}\n`, {
      mode: 0o600,
      flag: "wx",
    });
  } catch (error) {
    const written = (error as NodeJS.ErrnoException).code === "EEXIST" ? readKeyFile(file) : null;
    if (written) return written;
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    fs.writeFileSync(file, `${JSON.stringify({ publicKey, privateKey })}\n`, { mode: 0o600 });
  }
  return { publicKey, privateKey };
}
