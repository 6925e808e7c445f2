import { and, eq, gt, lte, sql } from "drizzle-orm";
import { type Database, selectRows } from "~/db/client.server";
import { listings, savedSearches } from "~/db/schema";
import { listingStatements } from "~/domain/discovery/find-listings.server";
import { queuePush } from "~/domain/notifications/queue-push.server";
import { unsubscribeLink } from "~/domain/notifications/unsubscribe.server";
import { prefixExpansions } from "~/domain/search/search-query.server";
import type { Lang } from "~/i18n/config";
import { formatPrice } from "~/i18n/format";
import { serverT } from "~/i18n/i18n.server";
import { localized } from "~/i18n/localized";
import type { JobSender } from "~/jobs/job-types";
import { queueMail } from "~/mail/queue-mail.server";
import { type MailTemplate, renderMail } from "~/mail/templates.server";
import type { LinkSigner } from "~/utils/signed-link.server";
import { findSavedSearchesMatching } from "./find-saved-searches-matching.server";
import { describeSavedSearch, parseSavedSearch, resultsPath } from "./saved-search-query";

/*
 * Saved-search alerts (decisions 023 and 028). A new listing is matched against the saved searches
 * once, by a `match-listing` job (findSavedSearchesMatching: the results page's own WHERE). Each
 * matching search with cadence "instant" gets a `saved-search-alert` job at most every
 * ALERT_SPACING: the alert tells of every listing that matched since the search's last alert, so
 * a member hears at most once per search per 15 minutes however many listings arrive. Searches
 * with cadence "daily" are alerted by the daily digest at DIGEST_HOUR in Syria's time zone, with
 * the same job. The alert is claimed (last_alerted_at) in the statement that decides it, so a job
 * that runs twice sends one e-mail.
 */

export const ALERT_SPACING_MS = 15 * 60 * 1000;
/** Daily digests: 8:00 in Damascus (a cron for the queue's scheduler). */
export const DAILY_DIGEST_CRON = "0 8 * * *";
/** Listings named in an alert; the rest are "and N more" behind the results link. */
const ALERT_ITEMS = 5;

/** What the listing use cases need: sending one kind of job. */
export interface AlertQueue {
  send(
    name: "match-listing",
    data: { listingId: string },
    options: { key: string },
  ): Promise<unknown>;
}

/** Queues the matching of a newly posted listing. Never fails the posting. */
export async function matchNewListing(
  queue: AlertQueue | undefined,
  listingId: string,
  onError: (error: unknown) => void = () => {},
) {
  if (!queue) return;
  await queue.send("match-listing", { listingId }, { key: listingId }).catch(onError);
}

type AlertJobs = Pick<JobSender, "send" | "sendMany">;

/** The `match-listing` job: schedules the alert of every instant search the listing matches. */
export async function alertMatchingSearches({
  db,
  jobs,
  listingId,
  now = new Date(),
}: {
  db: Database;
  jobs: AlertJobs;
  listingId: string;
  now?: Date;
}): Promise<number> {
  const matching = await findSavedSearchesMatching(db, listingId);
  const instant = matching.filter((search) => search.cadence === "instant");
  // One job per search and 15-minute slot: the listings of a burst share one e-mail. All of a
  // listing's alerts in one statement, however many searches it matched.
  await jobs.sendMany(
    "saved-search-alert",
    instant.map((search) => {
      const last = search.lastAlertedAt?.getTime() ?? 0;
      const at = Math.max(now.getTime(), last + ALERT_SPACING_MS);
      const slot = Math.ceil(at / ALERT_SPACING_MS);
      return {
        data: { savedSearchId: search.id },
        key: `${search.id}:${slot}`,
        startAfter: new Date(at),
      };
    }),
  );
  return instant.length;
}

/** The daily digest: one alert job per daily search (each sends only if something is new). */
export async function queueDailyDigests({
  db,
  jobs,
  now = new Date(),
}: {
  db: Database;
  jobs: AlertJobs;
  now?: Date;
}) {
  const daily = await db
    .select({ id: savedSearches.id })
    .from(savedSearches)
    .where(eq(savedSearches.cadence, "daily"));
  const day = now.toISOString().slice(0, 10);
  for (const search of daily) {
    await jobs.send(
      "saved-search-alert",
      { savedSearchId: search.id },
      { key: `${search.id}:${day}` },
    );
  }
  return daily.length;
}

interface Claimed {
  id: string;
  user_id: string;
  query: string;
  name: string | null;
  since: Date | string;
  email: string;
  member_name: string;
  lang: string;
  /** Alert e-mails on (and not suspended). */
  wants: boolean;
  /** Alert pushes on (and not suspended). */
  wants_push: boolean;
}

/**
 * The `saved-search-alert` job: e-mails the search's owner the listings that matched since its
 * last alert (or since it was saved), if any, in their language, and pushes the same news to
 * their browsers, each as their preferences say. Returns how many listings it told of: 0 when
 * it reached nobody (e-mail off and no browser subscribed).
 */
export async function sendSavedSearchAlert({
  db,
  jobs,
  signer,
  publicUrl,
  savedSearchId,
  now = new Date(),
}: {
  db: Database;
  jobs: AlertJobs;
  signer: LinkSigner;
  publicUrl: string;
  savedSearchId: string;
  now?: Date;
}): Promise<number> {
  // Claimed: moves last_alerted_at to now and returns where the previous alert stopped, unless
  // another run alerted less than a spacing ago (instant) or today (daily) — or the search is off.
  const [claimed] = await selectRows<Claimed>(
    db,
    sql`with previous as (
          select s.id, coalesce(s.last_alerted_at, s.created_at) as since
          from ${savedSearches} s where s.id = ${savedSearchId} for update)
        update ${savedSearches} s set last_alerted_at = ${now.toISOString()}::timestamptz
        from previous p, users u
          left join profiles pr on pr.id = u.id
          left join notification_preferences np on np.user_id = u.id
        where s.id = p.id and u.id = s.user_id
          and s.cadence <> 'off'
          and (s.last_alerted_at is null or s.last_alerted_at <= ${now.toISOString()}::timestamptz
            - case when s.cadence = 'daily' then interval '20 hours' else interval '15 minutes' end)
        returning s.id, s.user_id, s.query, s.name, p.since, u.email,
          coalesce(nullif(trim(pr.full_name), ''), u.name) as member_name,
          coalesce(pr.preferred_language::text, 'en') as lang,
          coalesce(np.alerts_email, true) and u.email_verified and u.suspended_at is null as wants,
          coalesce(np.alerts_push, true) and u.suspended_at is null as wants_push`,
  );
  if (!claimed || !(claimed.wants || claimed.wants_push)) return 0;
  const lang: Lang = claimed.lang === "ar" ? "ar" : "en";
  const query = parseSavedSearch(claimed.query);
  const since = new Date(claimed.since);
  const { pageOf, countQuery } = listingStatements(db, query, ALERT_ITEMS, {
    also: and(gt(listings.createdAt, since), lte(listings.createdAt, now)),
    expanded: query.q ? prefixExpansions(query.q) : undefined,
  });
  const [counted] = await countQuery();
  const total = counted?.n ?? 0;
  if (total === 0) return 0;
  const page = await pageOf(1);
  const base = publicUrl.replace(/\/+$/, "");
  const t = serverT(lang, "savedSearches");
  const key = `${claimed.id}:${now.getTime()}`;
  const template = {
    kind: "saved-search-alert",
    name: claimed.member_name,
    search: claimed.name ?? describeSavedSearch(lang, query, t),
    total,
    listings: page.map((row) => ({
      title: localized(lang, row, "title"),
      price: formatPrice(lang, row.price),
      url: `${base}/listing/${row.id}`,
    })),
    url: `${base}${resultsPath(query)}`,
    unsubscribeUrl: unsubscribeLink(publicUrl, signer, {
      userId: claimed.user_id,
      kind: "alerts",
    }),
  } satisfies MailTemplate;
  if (claimed.wants) {
    await queueMail(jobs as JobSender, { to: claimed.email, lang, key, template });
  }
  const first = template.listings[0];
  let browsers = 0;
  if (claimed.wants_push && first) {
    browsers = await queuePush(db, jobs, {
      memberId: claimed.user_id,
      key: `alert:${key}`,
      message: {
        title: renderMail(template, lang, { publicUrl, supportEmail: "" }).subject,
        body: serverT(lang, "mail")("push.alert", { title: first.title, price: first.price }),
        url: template.url,
        tag: `saved-search:${claimed.id}`,
        lang,
      },
    });
  }
  return claimed.wants || browsers > 0 ? total : 0;
}
