import { sql } from "drizzle-orm";
import { type Database, selectRows } from "~/db/client.server";
import type { Lang } from "~/i18n/config";
import { formatPrice } from "~/i18n/format";
import { serverT } from "~/i18n/i18n.server";
import type { JobSender, ListingChange } from "~/jobs/job-types";
import { queueMail } from "~/mail/queue-mail.server";
import { type MailTemplate, renderMail } from "~/mail/templates.server";
import type { LinkSigner } from "~/utils/signed-link.server";
import { queuePush } from "./queue-push.server";
import { unsubscribeLink } from "./unsubscribe.server";

/*
 * Watchers (docs/product-decisions.md §D16; their limits: decision 028, finding 2): the members who
 * saved a listing are told when its price drops (old → new), it is marked sold, or a reservation
 * of it ends and it is available again (issue 31), by e-mail and by
 * push, as each watcher's preferences say. Its owner never is; suspended members are not; e-mail
 * goes to confirmed addresses only. The change is queued as one `notify-watchers` job, keyed by the
 * change, and each watcher's e-mail as a `send-mail` job keyed by change and watcher, so a job that
 * runs twice sends each e-mail once.
 *
 * However often the owner changes the listing, each watcher hears of it at most once a day, of a
 * price drop only below the lowest price they were told, and of the sale once: the job claims
 * each watcher's notice in `watcher_notices` in the statement that decides it. A sale within a
 * day of a price notice is not dropped but told when that day is over, if it is still sold.
 */

/** What the listing use cases need: sending one kind of job. */
export interface WatcherQueue {
  send(name: "notify-watchers", data: ListingChange, options: { key: string }): Promise<unknown>;
}

/** Queues the change for the listing's watchers. A failure never fails the owner's change. */
export async function tellWatchers(
  queue: WatcherQueue | undefined,
  change: ListingChange,
  onError: (error: unknown) => void = () => {},
) {
  if (!queue) return;
  await queue.send("notify-watchers", change, { key: changeKey(change) }).catch(onError);
}

function changeKey(change: ListingChange) {
  return change.kind === "price-drop"
    ? `${change.listingId}:price:${change.oldPrice}:${change.newPrice}:${change.at}`
    : `${change.listingId}:${change.kind}:${change.at}`;
}

interface Watcher {
  user_id: string;
  email: string;
  name: string;
  lang: string;
  title: string;
  title_ar: string;
  wants_email: boolean;
  wants_push: boolean;
}

/** One notice a day per listing and watcher, whatever its kind. */
const NOTICE_SPACING = sql`interval '1 day'`;

/**
 * Claims the notice of `change` for each watcher who may have it now, and returns them. The
 * change must still hold when the job runs: a price dropped and raised again a moment later was
 * no drop, and a sale undone is no sale.
 */
function claimNotices(db: Database, change: ListingChange) {
  const still =
    change.kind === "sold"
      ? sql`l.status = 'sold'`
      : change.kind === "available"
        ? sql`l.status = 'active' and l.reserved_at is null`
        : sql`l.status = 'active' and l.price = ${change.newPrice}`;
  const told =
    change.kind === "sold"
      ? sql`${null}::bigint, now()`
      : change.kind === "available"
        ? sql`${null}::bigint, ${null}::timestamptz`
        : sql`${change.newPrice}::bigint, ${null}::timestamptz`;
  // Available again is news each time (within the day's one notice): reserving and releasing is
  // the owner's to repeat, and the spacing keeps it to once a day.
  const news =
    change.kind === "sold"
      ? sql`n.sold_notified_at is null`
      : change.kind === "available"
        ? sql`true`
        : sql`(n.lowest_price is null or excluded.lowest_price < n.lowest_price)`;
  return selectRows<Watcher>(
    db,
    sql`with watching as (
          select u.id as user_id, u.email, coalesce(nullif(trim(p.full_name), ''), u.name) as name,
            coalesce(p.preferred_language::text, 'en') as lang, l.title, l.title_ar,
            coalesce(np.favorites_email, true) and u.email_verified as wants_email,
            coalesce(np.favorites_push, true) as wants_push
          from favorites f
          join listings l on l.id = f.listing_id
          join users u on u.id = f.user_id
          left join profiles p on p.id = u.id
          left join notification_preferences np on np.user_id = u.id
          where f.listing_id = ${change.listingId}
            and f.user_id <> l.user_id
            and u.suspended_at is null
            and ((coalesce(np.favorites_email, true) and u.email_verified)
              or coalesce(np.favorites_push, true))
            and ${still}
        ),
        claimed as (
          insert into watcher_notices as n
            (listing_id, member_id, notified_at, lowest_price, sold_notified_at)
          select ${change.listingId}, user_id, now(), ${told} from watching
          on conflict (listing_id, member_id) do update set
            notified_at = excluded.notified_at,
            lowest_price = coalesce(excluded.lowest_price, n.lowest_price),
            sold_notified_at = coalesce(n.sold_notified_at, excluded.sold_notified_at)
          where n.notified_at <= now() - ${NOTICE_SPACING} and ${news}
          returning member_id
        )
        select w.* from watching w join claimed c on c.member_id = w.user_id`,
  );
}

/**
 * When the sale can next be told to a watcher who heard of a price drop less than a day ago
 * (and has not heard of the sale); null when there is no one left to tell, or it is not sold.
 */
async function saleToldLater(db: Database, listingId: string): Promise<Date | null> {
  const [row] = await selectRows<{ due: Date | string | null }>(
    db,
    sql`select min(n.notified_at) + ${NOTICE_SPACING} as due
        from watcher_notices n join listings l on l.id = n.listing_id
        where n.listing_id = ${listingId} and l.status = 'sold'
          and n.sold_notified_at is null and n.notified_at > now() - ${NOTICE_SPACING}`,
  );
  return row?.due ? new Date(row.due) : null;
}

/**
 * The `notify-watchers` job: one notice per watcher who may have it now (claimNotices), by
 * e-mail and push as they chose, in their language. Returns how many were told.
 */
export async function notifyWatchers({
  db,
  jobs,
  signer,
  publicUrl,
  change,
}: {
  db: Database;
  jobs: JobSender;
  signer: LinkSigner;
  publicUrl: string;
  change: ListingChange;
}): Promise<number> {
  const watchers = await claimNotices(db, change);
  if (change.kind === "sold") {
    const due = await saleToldLater(db, change.listingId);
    if (due) {
      await jobs.send("notify-watchers", change, {
        key: `${changeKey(change)}:after:${due.toISOString()}`,
        startAfter: due,
      });
    }
  }
  const base = publicUrl.replace(/\/+$/, "");
  for (const watcher of watchers) {
    const lang: Lang = watcher.lang === "ar" ? "ar" : "en";
    const key = `${changeKey(change)}:${watcher.user_id}`;
    const template = {
      kind: "favorite-changed",
      name: watcher.name,
      url: `${base}/listing/${change.listingId}`,
      title:
        (lang === "ar" ? watcher.title_ar || watcher.title : watcher.title || watcher.title_ar) ??
        "",
      change:
        change.kind === "price-drop"
          ? { kind: "price-drop", oldPrice: change.oldPrice, newPrice: change.newPrice }
          : { kind: change.kind },
      unsubscribeUrl: unsubscribeLink(publicUrl, signer, {
        userId: watcher.user_id,
        kind: "favorites",
      }),
    } satisfies MailTemplate;
    if (watcher.wants_email) await queueMail(jobs, { to: watcher.email, lang, key, template });
    if (watcher.wants_push) {
      const t = serverT(lang, "mail");
      await queuePush(db, jobs, {
        memberId: watcher.user_id,
        key: `favorite:${key}`,
        message: {
          // The listing's own title: a push reaches only the watcher's browsers, unlike a mail
          // subject, which a stranger's address could receive (so it names no member's words).
          title:
            template.title || renderMail(template, lang, { publicUrl, supportEmail: "" }).subject,
          body:
            change.kind === "price-drop"
              ? t("push.priceDrop", {
                  oldPrice: formatPrice(lang, change.oldPrice),
                  newPrice: formatPrice(lang, change.newPrice),
                })
              : t(change.kind === "sold" ? "push.sold" : "push.available"),
          url: template.url,
          tag: `listing:${change.listingId}`,
          lang,
        },
      });
    }
  }
  return watchers.length;
}
