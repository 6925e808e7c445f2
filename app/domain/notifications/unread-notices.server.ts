import { sql } from "drizzle-orm";
import { type Database, selectRows } from "~/db/client.server";
import type { LiveEventSink } from "~/domain/messaging/live-events";
import type { Lang } from "~/i18n/config";
import type { LinkSigner } from "~/utils/signed-link.server";
import { unsubscribeLink } from "./unsubscribe.server";

/*
 * "Nobody misses a buyer" (docs/product-decisions.md §D16). When a message stays unread for
 * NOTIFY_UNREAD_AFTER_SECONDS, its recipient is e-mailed: one e-mail for all their conversations
 * that are due (a digest when there are several), at most one per conversation an hour, never
 * about a member they blocked, never to a suspended member or one who turned these e-mails off.
 * The e-mail names the sender and the listing and links to the thread; it never quotes a message.
 *
 * Each message sent schedules a job `notify-unread` for its recipient at the moment it becomes
 * due (keyed to a 10-second mark, so a burst of messages makes one job). The job decides from the
 * database at run time: a thread read in the meantime has nothing unread, so reading it cancels
 * the e-mail. A conversation is claimed (conversation_notices) in the statement that decides to
 * send, so a job that runs twice, or two instances, send one e-mail.
 */

const HOUR_MS = 60 * 60 * 1000;

/** The part of the job queue this needs: sending one kind of job. */
export interface UnreadNoticeQueue {
  send(
    name: "notify-unread",
    data: { recipientId: string },
    options: { key: string; startAfter: Date },
  ): Promise<unknown>;
}

/** Jobs are keyed (and run) on 10-second marks: a burst of messages makes one job. */
const SLOT_MS = 10_000;

/**
 * Schedules the recipient's job for `at`, rounded up to the next 10-second mark. A job that puts
 * itself back for later always lands on a later mark than its own, so its key is new.
 */
export async function scheduleUnreadNotice(
  queue: UnreadNoticeQueue,
  recipientId: string,
  at: Date,
) {
  const slot = Math.ceil(at.getTime() / SLOT_MS);
  await queue.send(
    "notify-unread",
    { recipientId },
    { key: `unread:${recipientId}:${slot}`, startAfter: new Date(slot * SLOT_MS) },
  );
}

/** The jobs a message schedules for its recipient: the e-mail notice and the push. */
export type MessageNoticeQueue = UnreadNoticeQueue & UnreadPushQueue;

/**
 * The live-event sink the message use cases announce to, which also schedules the recipient's
 * e-mail notice (after `delaySeconds`) and push (after PUSH_AFTER_SECONDS): every way of sending
 * a message announces it, so none can forget them.
 */
export function withUnreadNotices(
  live: LiveEventSink,
  queue: MessageNoticeQueue,
  delaySeconds: number,
  onError: (error: unknown) => void = () => {},
): LiveEventSink {
  return {
    async publish(event) {
      await live.publish(event);
      if (event.kind !== "message") return;
      const at = new Date(Date.now() + delaySeconds * 1000);
      const pushAt = new Date(Date.now() + PUSH_AFTER_SECONDS * 1000);
      for (const memberId of new Set(event.memberIds)) {
        if (memberId === event.senderId) continue;
        // The message is saved: a notice that cannot be scheduled must not fail the sending.
        await scheduleUnreadNotice(queue, memberId, at).catch(onError);
        await queue
          .send(
            "notify-push",
            { recipientId: memberId, messageId: event.messageId },
            { key: `push:${event.messageId}:${memberId}`, startAfter: pushAt },
          )
          .catch(onError);
      }
    },
  };
}

/** One conversation in a notice: who wrote, about what, and where to answer. */
export interface UnreadConversation {
  sender: string;
  title: string;
  url: string;
}

/** What the job hands to the mail: everything the e-mail says, in the recipient's language. */
export interface UnreadNotice {
  to: string;
  lang: Lang;
  name: string;
  conversations: UnreadConversation[];
  /** The thread for one conversation, the inbox for several. */
  url: string;
  unsubscribeUrl: string;
  /** Unique per notice: the mail job's key. */
  key: string;
}

interface Recipient {
  email: string;
  name: string;
  lang: Lang;
  /** Unread-message e-mails on. */
  wants: boolean;
  /** Unread-message pushes on. */
  wants_push: boolean;
  suspended: boolean;
}

/** Who is told, in which language, and whether they want it: shared by e-mail and push. */
async function readRecipient(db: Database, recipientId: string) {
  const [recipient] = await selectRows<Recipient>(
    db,
    sql`select u.email, coalesce(nullif(trim(p.full_name), ''), u.name) as name,
          coalesce(p.preferred_language::text, 'en') as lang,
          coalesce(np.messages_email, true) as wants,
          coalesce(np.messages_push, true) as wants_push,
          u.suspended_at is not null as suspended
        from users u
        left join profiles p on p.id = u.id
        left join notification_preferences np on np.user_id = u.id
        where u.id = ${recipientId}`,
  );
  return recipient;
}

/** The same rule for both channels: never about a message from a member the recipient blocked. */
const notBlocked = (recipientId: string) =>
  sql`not exists (select 1 from blocks b
        where b.blocker_id = ${recipientId} and b.blocked_id = m.sender_id)`;

interface Pending {
  conversation_id: string;
  first_unread: Date | string;
  notified_at: Date | string | null;
}

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/**
 * The `notify-unread` job: e-mails `recipientId` about their conversations whose oldest unread
 * message has waited `delaySeconds`, and schedules itself again for those that will be due later
 * (a newer message, or the hourly limit). Returns what it did, for tests and logs.
 */
export async function sendUnreadNotices({
  db,
  recipientId,
  delaySeconds,
  signer,
  publicUrl,
  deliver,
  queue,
  now = new Date(),
}: {
  db: Database;
  recipientId: string;
  delaySeconds: number;
  signer: LinkSigner;
  publicUrl: string;
  /** Sends the e-mail (through the mail job). Throwing releases the claim; the job is retried. */
  deliver: (notice: UnreadNotice) => Promise<void>;
  queue: UnreadNoticeQueue;
  now?: Date;
}): Promise<{ sent: number; later: Date | null }> {
  const recipient = await readRecipient(db, recipientId);
  if (!recipient?.wants || recipient.suspended) return { sent: 0, later: null };

  // Each conversation with messages to the recipient that are unread and newer than its last
  // notice, from members they have not blocked.
  const pending = await selectRows<Pending>(
    db,
    sql`select c.id as conversation_id, min(m.created_at) as first_unread, n.notified_at
        from conversations c
        join messages m on m.conversation_id = c.id
        left join conversation_notices n on n.conversation_id = c.id and n.member_id = ${recipientId}
        where (c.buyer_id = ${recipientId} or c.seller_id = ${recipientId})
          and m.sender_id is not null and m.sender_id <> ${recipientId} and m.read_at is null
          and m.created_at > coalesce(n.notified_at, '-infinity'::timestamptz)
          and ${notBlocked(recipientId)}
        group by c.id, n.notified_at`,
  );
  const dueAt = (row: Pending) =>
    Math.max(
      asDate(row.first_unread).getTime() + delaySeconds * 1000,
      row.notified_at ? asDate(row.notified_at).getTime() + HOUR_MS : 0,
    );
  const due = pending.filter((row) => dueAt(row) <= now.getTime());
  const waiting = pending.filter((row) => dueAt(row) > now.getTime());
  const later = waiting.length > 0 ? new Date(Math.min(...waiting.map(dueAt))) : null;
  if (later) await scheduleUnreadNotice(queue, recipientId, later);
  if (due.length === 0) return { sent: 0, later };

  // Claimed here: a second run (or instance) finds them notified within the hour.
  const claimed = await selectRows<{ conversation_id: string }>(
    db,
    sql`insert into conversation_notices (conversation_id, member_id, notified_at)
        select id, ${recipientId}, ${now.toISOString()}::timestamptz
        from unnest(${`{${due.map((row) => row.conversation_id).join(",")}}`}::uuid[]) as id
        on conflict (conversation_id, member_id) do update set notified_at = excluded.notified_at
          where conversation_notices.notified_at <= excluded.notified_at - interval '1 hour'
        returning conversation_id`,
  );
  if (claimed.length === 0) return { sent: 0, later };
  const ids = `{${claimed.map((row) => row.conversation_id).join(",")}}`;

  const rows = await selectRows<{
    id: string;
    title: string;
    title_ar: string;
    sender: string | null;
  }>(
    db,
    sql`select c.id, l.title, l.title_ar,
          coalesce(nullif(trim(sp.full_name), ''), su.name) as sender
        from conversations c
        join listings l on l.id = c.listing_id
        join lateral (select m.sender_id from messages m
          where m.conversation_id = c.id and m.sender_id <> ${recipientId} and m.read_at is null
          order by m.created_at desc limit 1) last on true
        left join users su on su.id = last.sender_id
        left join profiles sp on sp.id = last.sender_id
        where c.id = any(${ids}::uuid[])
        order by c.last_message_at desc`,
  );
  const base = publicUrl.replace(/\/+$/, "");
  const lang: Lang = recipient.lang === "ar" ? "ar" : "en";
  const conversations = rows.map((row) => ({
    sender: row.sender?.trim() || (lang === "ar" ? "مستخدم" : "A member"),
    title: (lang === "ar" ? row.title_ar || row.title : row.title || row.title_ar) ?? "",
    url: `${base}/messages/${row.id}`,
  }));
  const single = conversations.length === 1 ? conversations[0] : undefined;
  try {
    await deliver({
      to: recipient.email,
      lang,
      name: recipient.name,
      conversations,
      url: single ? single.url : `${base}/messages`,
      unsubscribeUrl: unsubscribeLink(publicUrl, signer, { userId: recipientId, kind: "messages" }),
      key: `unread:${recipientId}:${now.getTime()}`,
    });
  } catch (error) {
    // Released: the retry (or the next message's job) claims them again.
    await db.execute(
      sql`delete from conversation_notices
          where member_id = ${recipientId} and notified_at = ${now.toISOString()}::timestamptz
            and conversation_id = any(${ids}::uuid[])`,
    );
    throw error;
  }
  return { sent: conversations.length, later };
}

/*
 * The push path (decision 021). Each message schedules a `notify-push` job for its recipient
 * PUSH_AFTER_SECONDS later. A member with the thread open has it marked read at once by their page
 * (the live stream delivers the message and the page posts "read"), so the job, which runs only
 * on a message still unread, sends them nothing; a member away gets the push a few seconds after
 * the message. The rule holds across instances: it reads the database, not this instance's hub.
 */

/** How long a message waits before its push: enough for an open thread to mark it read. */
export const PUSH_AFTER_SECONDS = 5;

/** The part of the job queue the push path needs. */
export interface UnreadPushQueue {
  send(
    name: "notify-push",
    data: { recipientId: string; messageId: string },
    options: { key: string; startAfter: Date },
  ): Promise<unknown>;
}

/** What a push about an unread message shows: never the message's text. */
export interface UnreadPush {
  lang: Lang;
  /** Who wrote. */
  sender: string;
  /** The listing's title in the recipient's language. */
  title: string;
  /** The thread, absolute. */
  url: string;
  /** The listing's smallest primary photo (absolute), if it has one. */
  icon: string | null;
  conversationId: string;
}

/**
 * The push for `messageId` if `recipientId` should get one now: the message is to them, still
 * unread, not from a member they blocked, they are not suspended and want message pushes (the
 * same checks as the e-mail). Null otherwise.
 */
export async function findUnreadPush({
  db,
  recipientId,
  messageId,
  publicUrl,
  photoUrl,
}: {
  db: Database;
  recipientId: string;
  messageId: string;
  publicUrl: string;
  /** The address of a stored photo's key (mediaUrl, CDN or /media). */
  photoUrl: (key: string) => string;
}): Promise<UnreadPush | null> {
  const recipient = await readRecipient(db, recipientId);
  if (!recipient?.wants_push || recipient.suspended) return null;
  const [row] = await selectRows<{
    conversation_id: string;
    title: string;
    title_ar: string;
    sender: string | null;
    variants: { width: number; key: string }[] | null;
  }>(
    db,
    sql`select m.conversation_id, l.title, l.title_ar,
          coalesce(nullif(trim(sp.full_name), ''), su.name) as sender, img.variants
        from messages m
        join conversations c on c.id = m.conversation_id
        join listings l on l.id = c.listing_id
        left join users su on su.id = m.sender_id
        left join profiles sp on sp.id = m.sender_id
        left join listing_images img on img.listing_id = l.id and img.is_primary
        where m.id = ${messageId} and m.read_at is null
          and m.sender_id is not null and m.sender_id <> ${recipientId}
          and (c.buyer_id = ${recipientId} or c.seller_id = ${recipientId})
          and ${notBlocked(recipientId)}`,
  );
  if (!row) return null;
  const lang: Lang = recipient.lang === "ar" ? "ar" : "en";
  const base = publicUrl.replace(/\/+$/, "");
  const smallest = [...(row.variants ?? [])].sort((a, b) => a.width - b.width)[0];
  const icon = smallest ? photoUrl(smallest.key) : null;
  return {
    lang,
    sender: row.sender?.trim() || (lang === "ar" ? "مستخدم" : "A member"),
    title: (lang === "ar" ? row.title_ar || row.title : row.title || row.title_ar) ?? "",
    url: `${base}/messages/${row.conversation_id}`,
    icon: icon ? new URL(icon, `${base}/`).toString() : null,
    conversationId: row.conversation_id,
  };
}
