import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { users } from "~/db/schema";
import type { MailTemplate } from "~/mail/templates.server";
import { isUndeliverableAddress } from "~/utils/undeliverable-address";

/*
 * Who may be e-mailed what (docs/product-decisions.md: notification e-mails go only to confirmed
 * addresses). Sign-up gives a working account for any address, so an address nobody confirmed is
 * one a stranger may have typed: they chose its name, its saved searches' names, its listings'
 * titles. Only the mails about the account itself, which its owner needs to take it back or
 * asked for, go to such an address; everything else waits for the address to be confirmed.
 *
 * Decided when the mail job runs, not when it is queued: the address may have changed, been
 * confirmed or the account deleted in between, and every mail, whoever queued it, passes here.
 */

/** Mails about the account itself: to any address, confirmed or not. */
const ABOUT_THE_ACCOUNT: ReadonlySet<MailTemplate["kind"]> = new Set([
  "confirm-email",
  "reset-password",
  "password-changed",
  "sign-up-attempt",
  "phone-taken",
]);

export interface MailRecipient {
  /** Whether the mail goes out at all. */
  send: boolean;
  /**
   * Whether the address is confirmed. When it is not, whoever signed up with it chose the
   * account's name: the mail greets nobody by it.
   */
  confirmed: boolean;
}

export async function mailRecipient(
  db: Database,
  to: string,
  kind: MailTemplate["kind"],
): Promise<MailRecipient> {
  // A phone-only account's placeholder (decision 037): nothing, not even about the account.
  if (isUndeliverableAddress(to)) return { send: false, confirmed: false };
  const [account] = await db
    .select({ confirmed: users.emailVerified, suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(users.email, to.trim().toLowerCase()))
    .limit(1);
  const confirmed = account?.confirmed === true;
  if (ABOUT_THE_ACCOUNT.has(kind)) return { send: true, confirmed };
  // Every other kind (notifications, reminders, and any kind added later) needs an account that
  // holds this address now, has confirmed it, and is not suspended.
  return { send: confirmed && !account?.suspendedAt, confirmed };
}
