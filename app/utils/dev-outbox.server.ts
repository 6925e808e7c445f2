import net from "node:net";
import type { Env } from "./env.server";

/** Proxies add these; a browser on this machine talking straight to the server never does. */
const FORWARDING_HEADERS = ["forwarded", "x-forwarded-for", "x-real-ip"];

/**
 * The outboxes (mail in $DATA_DIR/mail, text messages in $DATA_DIR/sms) hold confirmation links
 * and codes, so they are only for reading one's own test messages: only while nothing real
 * delivers them (`delivering`: SMTP_URL or SMS_URL is set); in production only when the operator
 * asked for it with DEV_MAIL=true, and then only from this machine. A request that came through a
 * proxy is never "from this machine", even when the proxy connects over loopback or a spoofable
 * X-Forwarded-For says 127.0.0.1 — but a same-host proxy that adds no header would pass, hence
 * DEV_MAIL.
 */
export function devOutboxOpen(
  delivering: boolean,
  env: Pick<Env, "NODE_ENV" | "DEV_MAIL">,
  clientIp: string,
  requestHeaders?: Headers,
) {
  if (delivering) return false;
  if (env.NODE_ENV !== "production") return true;
  if (!env.DEV_MAIL) return false;
  if (requestHeaders && FORWARDING_HEADERS.some((name) => requestHeaders.has(name))) return false;
  return isLoopback(clientIp);
}

export function isLoopback(ip: string) {
  const v4 = ip.toLowerCase().startsWith("::ffff:") ? ip.slice(7) : ip;
  if (net.isIPv4(v4)) return v4.startsWith("127.");
  return ip === "::1";
}
