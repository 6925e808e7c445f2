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
 * A browser's PushSubscription as `subscription.toJSON()` gives it. Strict: an https endpoint
 * of a sane length with no credentials in it, the P-256 public key (65 bytes: 87 characters) and
 * the 16-byte auth secret (22 characters) in base64url, and nothing else. Whatever does not fit
 * was not made by a browser's PushManager.
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
 * sub-domains). A browser's endpoint always is; anything else would have the server POST to an
 * address a member chose, such as one inside the operator's network.
 */
export function isKnownPushService(endpoint: string, services: readonly string[]) {
  if (!URL.canParse(endpoint)) return false;
  const host = new URL(endpoint).hostname.toLowerCase();
  return services.some((service) => host === service || host.endsWith(`.${service}`));
}

/** Turning a browser off names its endpoint only. */
export const pushEndpointSchema = z.strictObject({
  endpoint: z.string().min(1).max(1024),
});
