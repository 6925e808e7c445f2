import { isFormReply } from "~/utils/form-reply";

/*
 * The owner's buttons (delete, mark sold, hide, show again, renew) on a listing's page and in My
 * listings are small forms without fields: a refusal comes back as their reply, shown above them.
 */

const OWNER_INTENTS: readonly unknown[] = ["delete", "sold", "hide", "activate", "renew"];

/** The message of an owner button's failed reply (or of one with an unknown intent), if any. */
export function ownerActionError(reply: unknown): string | undefined {
  if (!isFormReply(reply) || !reply.error) return undefined;
  if (!OWNER_INTENTS.includes(reply.initialValue?.intent) && !reply.error.intent) return undefined;
  return Object.values(reply.error)
    .flatMap((messages) => messages ?? [])
    .find(Boolean);
}
