import { QUEUED_MESSAGES } from "~/service-worker/caches";

/**
 * The messages written on this device that the server has not confirmed yet (issue 31): kept in
 * localStorage, so a message written during a power cut is still there when the tab or the phone
 * comes back, and sent then. Each has the id the device gave it when it was written (the server
 * keeps one message per id), so sending it again — from the page, or from the service worker's
 * queue — never makes a second one. Dropped when nobody is signed in any more
 * (components/layout/service-worker.ts).
 */
export interface OutboxItem {
  clientId: string;
  /** Whose message it is: another member signing in on this device never sees it. */
  memberId: string;
  conversationId: string;
  body: string;
  /** The ids of its photos, uploaded before it was written into the outbox. */
  photos?: string[];
  /** When it was written (ISO). */
  at: string;
  /** The server's reason, in the member's language, when it refused the message. */
  refused?: string;
  /** Handed to the service worker too (no connection), to be sent with the tab closed. */
  queued?: boolean;
}

type Store = Pick<Storage, "getItem" | "setItem" | "removeItem">;

function storage(): Store | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    // Storage blocked (a private window): the outbox lives as long as the page.
    return null;
  }
}

export function readOutbox(store: Store | null = storage()): OutboxItem[] {
  try {
    const parsed: unknown = JSON.parse(store?.getItem(QUEUED_MESSAGES.outbox) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter(isItem) : [];
  } catch {
    return [];
  }
}

function isItem(value: unknown): value is OutboxItem {
  const item = value as OutboxItem;
  return (
    typeof item?.clientId === "string" &&
    typeof item.memberId === "string" &&
    typeof item.conversationId === "string" &&
    typeof item.body === "string" &&
    typeof item.at === "string" &&
    (item.photos === undefined ||
      (Array.isArray(item.photos) && item.photos.every((id) => typeof id === "string")))
  );
}

function write(items: OutboxItem[], store: Store | null) {
  try {
    if (items.length === 0) store?.removeItem(QUEUED_MESSAGES.outbox);
    else store?.setItem(QUEUED_MESSAGES.outbox, JSON.stringify(items));
  } catch {
    // Full or blocked: the page still holds the message until it is sent.
  }
}

/** Applies `change` to the stored outbox and returns the member's items of one conversation. */
export function updateOutbox(
  change: (items: OutboxItem[]) => OutboxItem[],
  store: Store | null = storage(),
): OutboxItem[] {
  const items = change(readOutbox(store));
  write(items, store);
  return items;
}

/** The member's unconfirmed messages of one conversation, oldest first: the order they go in. */
export function outboxOf(items: OutboxItem[], memberId: string, conversationId: string) {
  return items
    .filter((item) => item.memberId === memberId && item.conversationId === conversationId)
    .sort((a, b) => a.at.localeCompare(b.at));
}

/** Without the messages the server has: they arrived (sent from here, or by the service worker). */
export function withoutArrived(items: OutboxItem[], arrived: Iterable<string | undefined>) {
  const ids = new Set(arrived);
  return items.filter((item) => !ids.has(item.clientId));
}

/**
 * Hands a message to the service worker (no connection now): it sends it when the connection is
 * back, even with the tab closed, as the form without JavaScript would (sw.ts).
 */
export function queueMessageInWorker(item: OutboxItem) {
  try {
    navigator.serviceWorker?.controller?.postMessage({
      type: QUEUED_MESSAGES.add,
      conversationId: item.conversationId,
      clientId: item.clientId,
      body: item.body,
      photos: item.photos ?? [],
    });
  } catch {
    // No service worker here: the page sends it when it is open again.
  }
}

/** Tells the service worker the message arrived (or was refused, or deleted): not to send it. */
export function forgetQueuedMessage(clientId: string) {
  try {
    navigator.serviceWorker?.controller?.postMessage({ type: QUEUED_MESSAGES.forget, clientId });
  } catch {
    // No service worker: nothing was queued there.
  }
}
