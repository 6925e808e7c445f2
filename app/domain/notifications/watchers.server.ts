import { sql } from "drizzle-orm";
import { type Database, selectRows } from "~/db/client.server";
import type { Lang } from "~/i18n/config";
import { formatPrice } from "~/i18n/format";
import { serverT } from "~/i18n/i18n.server";
import type { JobSender } from "~/jobs/app-jobs.server";
import { queueMail } from "~/mail/queue-mail.server";
import { type MailTemplate, renderMail } from "~/mail/templates.server";
import type { LinkSigner } from "~/utils/signed-link.server";
import { queuePush } from "./queue-push.server";
import { unsubscribeLink } from "./unsubscribe.server";

/*
 * Watchers (issue 15, item 5): the members who saved a listing are told when its price drops
 * (old → new) or it is marked sold, by e-mail and by push, as each watcher's preferences say.
 * Its owner never is; suspended members are not. The change is queued as one `notify-watchers` job, keyed by
 * the change, and each watcher's e-mail as a `send-mail` job keyed by change and watcher, so a job
 * that runs twice sends each e-mail once.
 */

export type ListingChange =
  | { listingId: string; kind: "price-drop"; oldPrice: number; newPrice: number; at: string }
  | { listingId: string; kind: "sold"; at: string };

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
  return change.kind === "sold"
    ? `${change.listingId}:sold:${change.at}`
    : `${change.listingId}:price:${change.oldPrice}:${change.newPrice}:${change.at}`;
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

/** The `notify-watchers` job: one e-mail per watcher, in their language. Returns how many. */
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
  const watchers = await selectRows<Watcher>(
    db,
    sql`select u.id as user_id, u.email, coalesce(nullif(trim(p.full_name), ''), u.name) as name,
          coalesce(p.preferred_language::text, 'en') as lang, l.title, l.title_ar,
          coalesce(np.favorites_email, true) as wants_email,
          coalesce(np.favorites_push, true) as wants_push
        from favorites f
        join listings l on l.id = f.listing_id
        join users u on u.id = f.user_id
        left join profiles p on p.id = u.id
        left join notification_preferences np on np.user_id = u.id
        where f.listing_id = ${change.listingId}
          and f.user_id <> l.user_id
          and u.suspended_at is null
          and (coalesce(np.favorites_email, true) or coalesce(np.favorites_push, true))
          and l.status in ('active', 'sold')`,
  );
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
        change.kind === "sold"
          ? { kind: "sold" }
          : { kind: "price-drop", oldPrice: change.oldPrice, newPrice: change.newPrice },
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
          title: renderMail(template, lang, { publicUrl, supportEmail: "" }).subject,
          body:
            change.kind === "sold"
              ? t("push.sold")
              : t("push.priceDrop", {
                  oldPrice: formatPrice(lang, change.oldPrice),
                  newPrice: formatPrice(lang, change.newPrice),
                }),
          url: template.url,
          tag: `listing:${change.listingId}`,
          lang,
        },
      });
    }
  }
  return watchers.length;
}
