import type { Database } from "~/db/client.server";
import type { Member } from "~/domain/accounts/session.server";
import { isConversationId } from "~/domain/messaging/conversation-access.server";
import { countUnread } from "~/domain/messaging/count-unread.server";
import type { Lang } from "~/i18n/config";
import type { UnreadCount } from "./message-types";
import { unreadView } from "./message-view.server";

// The header and the inbox page ask for the same figure: one query serves both.
const counted = new WeakMap<Request, Promise<UnreadCount>>();

/**
 * The header's unread count. On a conversation's page that conversation is left out: the page's
 * own loader marks it read while this one runs (loaders run in parallel, in no promised order),
 * so its messages are read by the time the page shows — with or without JavaScript.
 */
export function unreadForHeader({
  db,
  member,
  request,
  lang,
}: {
  db: Database;
  member: Pick<Member, "id">;
  request: Request;
  lang: Lang;
}): Promise<UnreadCount> {
  let count = counted.get(request);
  if (!count) {
    count = countUnread({ db, member, exceptConversationId: openConversation(request) }).then((n) =>
      unreadView(lang, n),
    );
    counted.set(request, count);
  }
  return count;
}

/** The conversation a request is for (/messages/{id}, or its data request), if any. */
export function openConversation(request: Request): string | undefined {
  const match = /^\/messages\/([^/]+?)(?:\.data)?\/?$/.exec(new URL(request.url).pathname);
  const id = match?.[1];
  return isConversationId(id) ? id.toLowerCase() : undefined;
}
