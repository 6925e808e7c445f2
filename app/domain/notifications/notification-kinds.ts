/*
 * The kinds of notification a member can turn on and off, per channel (docs/product-decisions.md
 * §D16). Kept free of imports: the settings form and the unsubscribe link both read it.
 */

export const NOTIFICATION_KINDS = ["messages", "alerts", "favorites"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_CHANNELS = ["email", "push"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export function isNotificationKind(value: unknown): value is NotificationKind {
  return (NOTIFICATION_KINDS as readonly unknown[]).includes(value);
}

/** Every kind on every channel: a member with no preferences row. */
export type NotificationSettings = Record<NotificationKind, Record<NotificationChannel, boolean>>;
