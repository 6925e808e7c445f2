import { z } from "zod";

/** How many browsers one member may subscribe: a phone, a laptop, a few more; not a botnet. */
export const MAX_PUSH_SUBSCRIPTIONS = 10;

const base64url = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/);

/**
 * A push endpoint as we will call it: https, no credentials or fragment, and a host of plain
 * letters, digits, dots and hyphens. Nothing else is a browser's push service, and a host with
 * anything else (`;`, `{`, `"`, `'`, `` ` ``, `%`, `[`…) is where URL parsers disagree: Node's
 * legacy `url.parse` cut `https://127.0.0.1;.fcm.googleapis.com/x` at the `;` and called
 * 127.0.0.1. The request is then sent to exactly this host and port (send-push.server.ts).
 */
export interface PushEndpoint {
  hostname: string;
  /** Empty for 443. */
  port: string;
  /** Path and query, as the WHATWG parser wrote them. */
  path: string;
  /** The endpoint rebuilt from these parts alone: every parser reads it the same way. */
  href: string;
}

const PUSH_HOST =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/;

export function parsePushEndpoint(endpoint: string): PushEndpoint | null {
  if (typeof endpoint !== "string" || !URL.canParse(endpoint)) return null;
  const url = new URL(endpoint);
  if (url.protocol !== "https:" || url.username || url.password || url.hash) return null;
  if (!PUSH_HOST.test(url.hostname)) return null;
  // The authority as written must be the one parsed: no `\`, encoded or odd characters before
  // the path that one parser would read and another skip.
  const authority = /^https:\/\/([^/?#]*)/i.exec(endpoint)?.[1]?.toLowerCase();
  if (authority !== url.host) return null;
  const path = `${url.pathname}${url.search}`;
  return { hostname: url.hostname, port: url.port, path, href: `https://${url.host}${path}` };
}

/**
 * A browser's PushSubscription as `subscription.toJSON()` gives it. Strict: an https endpoint
 * of a sane length with no credentials in it (its host is isKnownPushService's to judge), the
 * P-256 public key (65 bytes: 87 characters) and the 16-byte auth secret (22 characters) in
 * base64url, and nothing else. Whatever does not fit was not made by a browser's PushManager.
 */
export const pushSubscriptionSchema = z
  .object({
    endpoint: z
      .string()
      .max(1024)
      .refine((value) => {
        if (!URL.canParse(value)) return false;
        const url = new URL(value);
        return url.protocol === "https:" && !url.username && !url.password && url.hash === "";
      }),
    expirationTime: z.number().nullable().optional(),
    keys: z.strictObject({
      p256dh: base64url(86, 90),
      auth: base64url(20, 26),
    }),
  })
  .strict();

export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/**
 * Whether `endpoint` is at one of the push services we send to (PUSH_SERVICE_HOSTS: a host or its
 * sub-domains), with a host we can call exactly (parsePushEndpoint). A browser's endpoint always
 * is; anything else would have the server POST to an address a member chose, such as one inside
 * the operator's network.
 */
export function isKnownPushService(endpoint: string, services: readonly string[]) {
  const host = parsePushEndpoint(endpoint)?.hostname;
  if (!host) return false;
  return services.some((service) => host === service || host.endsWith(`.${service}`));
}

/** Turning a browser off names its endpoint only. */
export const pushEndpointSchema = z.strictObject({
  endpoint: z.string().min(1).max(1024),
});
