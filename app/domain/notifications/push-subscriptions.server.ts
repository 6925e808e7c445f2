import { and, count, eq, ne } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { pushSubscriptions } from "~/db/schema";
import { lockCounts } from "~/domain/accounts/rate-limit.server";
import type { Member } from "~/domain/accounts/session.server";
import { AppError } from "~/utils/app-error";
import {
  isKnownPushService,
  MAX_PUSH_SUBSCRIPTIONS,
  pushEndpointSchema,
  pushSubscriptionSchema,
} from "./push-schemas";

/**
 * Subscribes a member's browser to Web Push (decision 021). `input` is the browser's
 * `PushSubscription.toJSON()`, unchecked: anything else is PUSH_SUBSCRIPTION_INVALID. The same
 * endpoint again updates its keys; an endpoint another member subscribed (a shared computer)
 * moves to this member, since the browser now belongs to whoever signed in and subscribed it.
 * An endpoint at none of `services` (PUSH_SERVICE_HOSTS) is PUSH_SERVICE_UNKNOWN.
 */
export async function subscribePush({
  db,
  member,
  input,
  services,
}: {
  db: Database;
  member: Pick<Member, "id">;
  input: unknown;
  services: readonly string[];
}): Promise<{ id: string }> {
  const parsed = pushSubscriptionSchema.safeParse(input);
  if (!parsed.success) throw new AppError("PUSH_SUBSCRIPTION_INVALID");
  const { endpoint, keys } = parsed.data;
  if (!isKnownPushService(endpoint, services)) throw new AppError("PUSH_SERVICE_UNKNOWN");
  // Counted under the member's lock: ten browsers subscribing at once cannot make an eleventh.
  const row = await db.transaction(async (tx) => {
    await lockCounts(tx, { member: member.id });
    const [others] = await tx
      .select({ n: count() })
      .from(pushSubscriptions)
      .where(
        and(eq(pushSubscriptions.userId, member.id), ne(pushSubscriptions.endpoint, endpoint)),
      );
    if ((others?.n ?? 0) >= MAX_PUSH_SUBSCRIPTIONS) throw new AppError("PUSH_SUBSCRIPTION_LIMIT");
    const [saved] = await tx
      .insert(pushSubscriptions)
      .values({ userId: member.id, endpoint, p256dh: keys.p256dh, auth: keys.auth })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId: member.id, p256dh: keys.p256dh, auth: keys.auth },
      })
      .returning({ id: pushSubscriptions.id });
    return saved;
  });
  if (!row) throw new Error("push subscription not saved");
  return { id: row.id };
}

/** Forgets one of the member's browsers; another member's endpoint is left alone. */
export async function unsubscribePush({
  db,
  member,
  input,
}: {
  db: Database;
  member: Pick<Member, "id">;
  input: unknown;
}): Promise<{ deleted: boolean }> {
  const parsed = pushEndpointSchema.safeParse(input);
  if (!parsed.success) throw new AppError("PUSH_SUBSCRIPTION_INVALID");
  const rows = await db
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.endpoint, parsed.data.endpoint),
        eq(pushSubscriptions.userId, member.id),
      ),
    )
    .returning({ id: pushSubscriptions.id });
  return { deleted: rows.length > 0 };
}

/** The ids of a member's subscribed browsers (one push job each). */
export async function listPushSubscriptionIds(db: Database, memberId: string) {
  const rows = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, memberId));
  return rows.map((row) => row.id);
}
