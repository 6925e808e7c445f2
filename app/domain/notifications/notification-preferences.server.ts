import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { notificationPreferences } from "~/db/schema";
import type { Member } from "~/domain/accounts/session.server";
import type { NotificationKind, NotificationSettings } from "./notification-kinds";

const EMAIL_COLUMN = {
  messages: "messagesEmail",
  alerts: "alertsEmail",
  favorites: "favoritesEmail",
} as const;

type Row = typeof notificationPreferences.$inferSelect;

function toSettings(row: Row | undefined): NotificationSettings {
  return {
    messages: { email: row?.messagesEmail ?? true, push: row?.messagesPush ?? true },
    alerts: { email: row?.alertsEmail ?? true, push: row?.alertsPush ?? true },
    favorites: { email: row?.favoritesEmail ?? true, push: row?.favoritesPush ?? true },
  };
}

/** A member's notification settings; everything on until they change it. */
export async function getNotificationSettings(
  db: Database,
  member: Pick<Member, "id">,
): Promise<NotificationSettings> {
  const [row] = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, member.id))
    .limit(1);
  return toSettings(row);
}

/** Saves every kind and channel at once (the settings form sends them all). */
export async function saveNotificationSettings(
  db: Database,
  member: Pick<Member, "id">,
  settings: NotificationSettings,
) {
  const values = {
    messagesEmail: settings.messages.email,
    messagesPush: settings.messages.push,
    alertsEmail: settings.alerts.email,
    alertsPush: settings.alerts.push,
    favoritesEmail: settings.favorites.email,
    favoritesPush: settings.favorites.push,
  };
  await db
    .insert(notificationPreferences)
    .values({ userId: member.id, ...values })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { ...values, updatedAt: sql`now()` },
    });
}

/** Turns off one kind's e-mail (the unsubscribe link), leaving everything else as it was. */
export async function turnOffEmail(db: Database, userId: string, kind: NotificationKind) {
  const column = EMAIL_COLUMN[kind];
  await db
    .insert(notificationPreferences)
    .values({ userId, [column]: false })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { [column]: false, updatedAt: sql`now()` },
    });
}
