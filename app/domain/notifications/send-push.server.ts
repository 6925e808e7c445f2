import type { Agent } from "node:https";
import { eq, sql } from "drizzle-orm";
import webpush from "web-push";
import type { Database } from "~/db/client.server";
import { pushSubscriptions } from "~/db/schema";
import type { PushMessage } from "~/jobs/job-types";
import type { VapidKeys } from "~/utils/vapid.server";
import { postToPushService } from "./push-endpoint.server";
import { isKnownPushService, parsePushEndpoint } from "./push-schemas";

/** How long a push service keeps trying to reach an offline browser: a day, then it is stale. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;

export type PushOutcome = "sent" | "expired" | "gone" | "refused";

/**
 * Encrypts `message` to one subscribed browser (RFC 8291, aes128gcm) and hands it to its push
 * service, signed with our VAPID key (RFC 8292). 404 or 410 means the subscription expired or was
 * revoked: its row is deleted. Any other failure throws, for the job queue to retry — among them
 * a host that resolves to an address a push service never has (PushAddressRefused). A row whose
 * endpoint is no longer at one of `services` (the operator narrowed PUSH_SERVICE_HOSTS), or is
 * not one we can call exactly, is deleted unsent.
 */
export async function sendPushToSubscription({
  db,
  subscriptionId,
  message,
  vapid,
  services,
  agent,
}: {
  db: Database;
  subscriptionId: string;
  message: PushMessage;
  vapid: VapidKeys;
  services: readonly string[];
  /** Tests trust their own push service's certificate through it. */
  agent?: Agent;
}): Promise<PushOutcome> {
  const [row] = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.id, subscriptionId))
    .limit(1);
  if (!row) return "gone";
  const endpoint = parsePushEndpoint(row.endpoint);
  if (!endpoint || !isKnownPushService(row.endpoint, services)) {
    await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, row.id));
    return "refused";
  }
  // web-push encrypts and signs; we send, to the host we checked (push-endpoint.server.ts).
  // Its own sender reads the endpoint with the legacy url.parse, whose idea of the host can
  // differ from the one the allow-list saw; the endpoint rebuilt from checked parts cannot.
  const details = webpush.generateRequestDetails(
    { endpoint: endpoint.href, keys: { p256dh: row.p256dh, auth: row.auth } },
    JSON.stringify(message),
    {
      vapidDetails: vapid,
      TTL: PUSH_TTL_SECONDS,
      urgency: "high",
      contentEncoding: "aes128gcm",
    },
  );
  const answer = await postToPushService({
    endpoint,
    headers: details.headers as Record<string, string | number>,
    body: (details.body as Buffer | null) ?? null,
    services,
    timeoutMs: 10_000,
    agent,
  });
  if (answer.status === 404 || answer.status === 410) {
    await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, row.id));
    return "expired";
  }
  if (answer.status < 200 || answer.status > 299) {
    // The push service's answer, without the body's details: the queue logs and retries it.
    throw new Error(`push service answered ${answer.status} for subscription ${row.id}`);
  }
  await db
    .update(pushSubscriptions)
    .set({ lastUsedAt: sql`now()` })
    .where(eq(pushSubscriptions.id, row.id));
  return "sent";
}
