import { Suspense } from "react";
import { data, redirect } from "react-router";
import { ListingResults, SortForm } from "~/components/discovery/results-controls";
import { ListingErrorBoundary, type ListingErrorData } from "~/components/listing/listing-error";
import { ShareCard } from "~/components/listing/share-card-on-demand";
import { RatingList } from "~/components/ratings/rating-list";
import { SellerHeader } from "~/components/sellers/seller-header";
import { Card } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { getMember, requireMember } from "~/domain/accounts/session.server";
import { parseListingQuery } from "~/domain/discovery/listing-query";
import { answerRating } from "~/domain/ratings/answer-rating.server";
import { ratingReplySchema, ratingReportSchema } from "~/domain/ratings/rating-rules";
import { reportRating } from "~/domain/ratings/report-rating.server";
import { getSellerProfile } from "~/domain/sellers/get-seller-profile.server";
import { bundlesFor, serverT } from "~/i18n/i18n.server";
import { useNamespace } from "~/i18n/react";
import { isAppError } from "~/utils/app-error";
import { failedForm, invalidForm, parseForm } from "~/utils/form.server";
import { readFormData } from "~/utils/form-data.server";
import { isFormReply } from "~/utils/form-reply";
import { pageMeta } from "~/utils/meta";
import { profilePageJsonLd } from "~/utils/structured-data";
import { ratingListView } from "~/views/common/rating-views.server";
import { loadResults } from "~/views/discovery/results.server";
import { toSellerView } from "~/views/sellers/seller-view.server";
import type { Route } from "./+types/seller";

/*
 * A member's public page, /u/{username} or /u/{id} while they have none (decision 026): who they
 * are, and their active and sold listings with search's cards, sorting and paging. 404 for a
 * suspended or deleted member; their id's address moves to their username's for good (301).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db, env, lang, auth } = context;
  const url = new URL(request.url);
  const member = await getMember({ auth, db, request });
  const found = await getSellerProfile({ db, handle: params.handle, readerId: member?.id ?? null });
  if (!found) {
    const t = serverT(lang, "discovery");
    throw data<ListingErrorData>(
      {
        title: t("seller.notFoundTitle"),
        message: t("seller.notFoundBody"),
        home: t("seller.backHome"),
      },
      { status: 404 },
    );
  }
  if (found.kind === "moved") {
    throw redirect(`/u/${encodeURIComponent(found.username)}${url.search}`, 301);
  }
  // Only the sort and the page: a seller's page has no filters.
  const asked = new URLSearchParams();
  for (const key of ["sort", "page"]) {
    const value = url.searchParams.get(key);
    if (value) asked.set(key, value);
  }
  const query = parseListingQuery(asked);
  const seller = toSellerView({
    lang,
    publicUrl: env.PUBLIC_URL,
    storage: context.storage,
    seller: found.seller,
  });
  const results = await loadResults({
    db,
    env,
    storage: context.storage,
    dataSaver: context.dataSaver,
    logger: context.logger,
    lang,
    query,
    member,
    seller: found.seller.id,
  });
  return {
    ratings: ratingListView(lang, found.seller.received, {
      name: seller.name,
      readerId: member?.id ?? null,
      memberId: found.seller.id,
    }),
    translations: bundlesFor(lang, ["discovery", "favorites", "listings"], {
      discovery: ["card", "results", "seller"],
      favorites: ["button", "toast"],
      listings: ["share"],
    }),
    seller,
    results,
    meta: seller.meta,
  };
}

/**
 * The ratings' forms: the member answers a rating of them once; another member reports one. The
 * use cases decide who may (decision 038); the page comes back with a notice.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { db, auth, lang } = context;
  const member = await requireMember({ auth, db, request });
  const form = await readFormData(request, lang);
  const intent = String(form.get("intent") ?? "");
  const schema = intent === "rating-answer" ? ratingReplySchema : ratingReportSchema;
  if (intent !== "rating-answer" && intent !== "rating-report")
    throw data("Not found", { status: 404 });
  const submission = parseForm(lang, form, schema);
  try {
    if (submission.status !== "success") return invalidForm(submission);
    if (intent === "rating-answer") await answerRating({ db, member, input: submission.value });
    else await reportRating({ db, member, input: submission.value });
    const back = `/u/${encodeURIComponent(params.handle)}#seller-ratings`;
    return context.flash.redirect(
      back,
      intent === "rating-answer" ? "rating-answered" : "rating-reported",
    );
  } catch (error) {
    if (isAppError(error) && error.code === "NOT_FOUND") throw data("Not found", { status: 404 });
    return failedForm(lang, submission, error);
  }
}

export const meta: Route.MetaFunction = (args) => {
  const tags = pageMeta(args, args.loaderData?.meta);
  const seller = args.loaderData?.seller;
  if (!seller) return tags;
  const out = tags.map((tag) =>
    "property" in tag && tag.property === "og:type"
      ? { property: "og:type", content: "profile" }
      : tag,
  );
  // A member with nothing for sale is not a page worth finding (decision 026).
  if (!seller.indexable) out.push({ name: "robots", content: "noindex" });
  // For search engines: built here from the page's data, so it is not in that data twice.
  out.push({
    "script:ld+json": profilePageJsonLd({
      url: seller.shareUrl,
      name: seller.name,
      image: seller.avatarUrl ? new URL(seller.avatarUrl, seller.shareUrl).href : null,
      memberSince: seller.meta.joined,
      description: seller.meta.description,
    }),
  });
  return out;
};

export default function SellerPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useNamespace("discovery", loaderData.translations.discovery);
  useNamespace("favorites", loaderData.translations.favorites);
  useNamespace("listings", loaderData.translations.listings);
  const { seller, results } = loaderData;
  return (
    <main
      id="main"
      className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-10"
      data-testid="seller-page"
    >
      <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
        <SellerHeader seller={seller} contactNote={t("seller.contactNote")} />
        <Suspense fallback={null}>
          <ShareCard url={seller.shareUrl} title={seller.name} message={seller.shareMessage} />
        </Suspense>
      </div>
      <section aria-labelledby="seller-listings" className="mt-8">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <h2 id="seller-listings" className="text-xl font-bold text-ink">
            {t("seller.listings")}
          </h2>
          {results.total > 0 ? <SortForm links={results.links} /> : null}
        </div>
        {results.total === 0 ? (
          <Card className="px-6 py-16 text-center" testId="seller-empty">
            <Icon name="package-open" className="mx-auto size-10 text-muted" aria-hidden="true" />
            <p className="mt-4 text-lg font-semibold">{t("seller.empty")}</p>
          </Card>
        ) : (
          <ListingResults results={results} />
        )}
      </section>
      <RatingList
        list={loaderData.ratings}
        reply={isFormReply(actionData) ? actionData : undefined}
      />
    </main>
  );
}

/** "Seller not found" (404) with its texts; anything else goes up to the root's error screen. */
export const ErrorBoundary = ListingErrorBoundary;
