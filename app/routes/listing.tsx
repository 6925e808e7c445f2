import { Suspense } from "react";
import { data, redirect } from "react-router";
import { FavoriteButton } from "~/components/favorites/favorite-button";
import { ClearDraftOnSuccess } from "~/components/listing/clear-draft-on-success";
import { ListingErrorBoundary, type ListingErrorData } from "~/components/listing/listing-error";
import { ListingGallery } from "~/components/listing/listing-gallery";
import { ListingAbout, ListingSummary, StatusNotice } from "~/components/listing/listing-overview";
import { ownerActionError } from "~/components/listing/owner-action-reply";
import { OwnerCard } from "~/components/listing/owner-actions";
import { SellerCard } from "~/components/listing/seller-card";
import { ShareCard } from "~/components/listing/share-card-on-demand";
import { MessageSeller } from "~/components/messaging/message-seller";
import { ReportListing } from "~/components/moderation/report-listing";
import { onDemand } from "~/components/ui/on-demand";
import { getMember, requireMember } from "~/domain/accounts/session.server";
import { bumpListing } from "~/domain/listings/bump-listing.server";
import { deleteListing } from "~/domain/listings/delete-listing.server";
import { getListingForView } from "~/domain/listings/get-listing.server";
import { renewListing } from "~/domain/listings/listing-expiry.server";
import { listingRatesFrom } from "~/domain/listings/listing-rates.server";
import { isPublicStatus } from "~/domain/listings/listing-status";
import {
  isListingId,
  OWNER_ACTION_STATUS,
  ownerActionSchema,
} from "~/domain/listings/listings-schemas";
import { recordView, viewerKeyOf } from "~/domain/listings/record-view.server";
import { setListingStatus } from "~/domain/listings/set-listing-status.server";
import { getUsdRate } from "~/domain/money/exchange-rate.server";
import { responseTimeOf } from "~/domain/sellers/response-time";
import type { Lang } from "~/i18n/config";
import { serverT } from "~/i18n/i18n.server";
import { useNamespace } from "~/i18n/react";
import { fromBot } from "~/utils/bot.server";
import { failedForm, invalidForm, parseForm, withActionHeaders } from "~/utils/form.server";
import { readFormData } from "~/utils/form-data.server";
import { replyFor } from "~/utils/form-reply";
import { pageMeta } from "~/utils/meta";
import type { RouteHandle } from "~/utils/route-handle";
import { listingJsonLd } from "~/utils/structured-data";
import { listingPageTexts, toListingPageView } from "~/views/listing/listing-page-view.server";
import { revealPhoneAction } from "~/views/listing/reveal-phone.server";
import { messageSellerView } from "~/views/messaging/message-seller.server";
import { reportListingAction } from "~/views/moderation/report-listing.server";
import type { Route } from "./+types/listing";

export const handle: RouteHandle = { writes: "listing", listingPage: true };

// More from the seller and similar listings are below the fold: their code comes after the
// page's (the first load stays within 130 KB, decision 029), their cards when the reader nears
// them.
const ListingNeighbours = onDemand(() =>
  import("~/components/discovery/related-listings").then((m) => m.ListingNeighbours),
);

function notFound(lang: Lang, invalid: boolean): never {
  const t = serverT(lang, "listings");
  throw data<ListingErrorData>(
    invalid
      ? {
          title: t("detail.invalidTitle"),
          message: t("detail.invalidBody"),
          home: t("detail.backHome"),
        }
      : {
          title: t("detail.notFoundTitle"),
          message: t("detail.notFoundBody"),
          home: t("detail.backHome"),
        },
    { status: 404 },
  );
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db, auth, lang, env } = context;
  if (!isListingId(params.id)) notFound(lang, true);
  const member = await getMember({ auth, db, request });
  const view = await getListingForView({ db, listingId: params.id, viewer: member });
  if (!view) notFound(lang, false);

  // One view per member, or per visitor's address and browser, a day; bots and the owner none.
  await recordView({
    db,
    listingId: view.listing.id,
    viewerKey: viewerKeyOf({
      memberId: member?.id,
      ip: context.clientIp,
      userAgent: request.headers.get("user-agent"),
      acceptLanguage: request.headers.get("accept-language"),
    }),
    isOwner: view.isOwner,
    isBot: fromBot(request),
  }).catch((error: unknown) => context.logger.error({ err: error }, "counting a view failed"));

  const page = toListingPageView({
    lang,
    publicUrl: env.PUBLIC_URL,
    storage: context.storage,
    view,
    url: new URL(request.url),
    usdRate: await getUsdRate({ db, env }),
    signedIn: Boolean(member),
    ttlDays: env.LISTING_TTL_DAYS,
    dataSaver: context.dataSaver,
    responseTime: responseTimeOf(view.seller.responseStats),
  });
  return data(
    {
      translations: listingPageTexts(lang, view.isOwner, Boolean(member), page.notice),
      ...page,
      // "Message seller": a composer, the buyer's existing conversation, or sign in first.
      messageSeller: await messageSellerView({
        db,
        lang,
        member,
        listingId: view.listing.id,
        isOwner: view.isOwner,
        contactable: isPublicStatus(view.listing.status),
        conversationId: view.viewer?.conversationId ?? null,
      }),
    },
    // An expired listing is gone for everyone but its owner (search engines drop it on a 410);
    // people still see what it was, and that it has expired.
    { status: view.listing.status === "expired" && !view.isOwner ? 410 : 200 },
  );
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { db, auth, lang, env } = context;
  const member = await requireMember({ auth, db, request });
  const form = await readFormData(request, lang);
  const intent = String(form.get("intent") ?? "");
  if (intent === "reveal-phone") {
    return revealPhoneAction({
      db,
      lang,
      publicUrl: env.PUBLIC_URL,
      member,
      listingId: params.id,
      ip: context.clientIp,
      // Which of the two buttons asked: the seller's statistics count WhatsApp taps apart.
      channel: form.get("channel") === "whatsapp" ? "whatsapp" : "phone",
    });
  }
  if (intent === "report") {
    return reportListingAction({
      db,
      lang,
      member,
      form,
      listingId: params.id,
      ip: context.clientIp,
      flash: context.flash,
    });
  }
  // The owner's buttons.
  const submission = parseForm(lang, form, ownerActionSchema);
  if (submission.status !== "success") return invalidForm(submission);
  const listingId = params.id;
  try {
    if (submission.value.intent === "delete") {
      await deleteListing({ db, storage: context.storage, member, listingId });
      return context.flash.redirect("/my-listings", "listing-deleted");
    }
    const ttlDays = env.LISTING_TTL_DAYS;
    if (submission.value.intent === "renew") {
      await renewListing({ db, member, listingId, ttlDays });
      return context.flash.redirect(`/listing/${listingId}`, "listing-renewed");
    }
    if (submission.value.intent === "bump") {
      await bumpListing({ db, member, listingId });
      return context.flash.redirect(`/listing/${listingId}`, "listing-bumped");
    }
    const status = OWNER_ACTION_STATUS[submission.value.intent];
    await setListingStatus({
      db,
      member,
      listingId,
      status,
      ttlDays,
      watchers: context.jobs,
      rates: listingRatesFrom(env),
    });
    return redirect(`/listing/${listingId}`);
  } catch (error) {
    return failedForm(lang, submission, error);
  }
}

/**
 * The root's headers (the flash cookie's removal) with the action's Retry-After when a change is
 * refused by the hourly limit: without this export React Router keeps only a route's cookies.
 */
export const headers: Route.HeadersFunction = withActionHeaders;

export const meta: Route.MetaFunction = (args) => {
  const data = args.loaderData;
  const page = data?.meta;
  const tags = pageMeta(args, page);
  if (!data || !page) return tags;
  const fullTitle = tags.find((tag) => "title" in tag) as { title: string } | undefined;
  // A listing is a product to Open Graph, not a website.
  const out = tags.map((tag) =>
    "property" in tag && tag.property === "og:type"
      ? { property: "og:type", content: "product" }
      : tag,
  );
  out.push(
    { property: "product:price:amount", content: String(page.amount) },
    { property: "product:price:currency", content: "SYP" },
    { name: "twitter:card", content: page.image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: fullTitle?.title ?? page.title },
    { name: "twitter:description", content: page.description },
    // For search engines: built here from the page's data, so it is not in that data twice.
    {
      "script:ld+json": listingJsonLd({
        url: data.shareUrl,
        title: data.title,
        description: data.descriptionHtml,
        price: page.amount,
        currency: "SYP",
        images:
          page.photos ??
          data.images.flatMap((image) =>
            image.src ? [new URL(image.src, data.shareUrl).href] : [],
          ),
        status: data.status,
        reserved: data.reserved,
        sellerName: data.seller.name,
        createdAt: page.published,
        category: data.category.name,
      }),
    },
  );
  if (page.image) {
    out.push(
      { property: "og:image", content: page.image.url },
      { property: "og:image:width", content: String(page.image.width) },
      { property: "og:image:height", content: String(page.image.height) },
      { property: "og:image:alt", content: page.title },
      { name: "twitter:image", content: page.image.url },
    );
  }
  return out;
};

export default function ListingPage({ loaderData: page, actionData }: Route.ComponentProps) {
  useNamespace("listings", page.translations.listings);
  useNamespace("favorites", page.translations.favorites);
  useNamespace("discovery", page.translations.discovery);
  const ownerError = page.isOwner ? ownerActionError(actionData) : undefined;
  // An expired listing's renewal failed: said in its notice, where its button is.
  const renewError =
    page.status === "expired" && replyFor(actionData, "renew") ? ownerError : undefined;
  return (
    <main
      id="main"
      className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-10"
      data-testid="listing-page"
    >
      <ClearDraftOnSuccess listingId={page.id} />
      <StatusNotice page={page} renewError={renewError} />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <ListingGallery
            images={page.images}
            active={page.active}
            title={page.title}
            numbers={page.numbers}
            rtl={page.rtl}
            held={page.photosHeld}
          />
          <ListingSummary
            page={page}
            favorite={
              page.favorite ? (
                <FavoriteButton
                  listingId={page.id}
                  favorited={page.favorite.favorited}
                  variant="full"
                />
              ) : null
            }
          />
          <ListingAbout page={page} />
        </div>
        <aside className="space-y-6">
          {page.isOwner ? (
            <OwnerCard page={page} error={renewError ? undefined : ownerError} />
          ) : null}
          <SellerCard
            page={page}
            messageSeller={page.messageSeller ? <MessageSeller view={page.messageSeller} /> : null}
            revealed={
              actionData && "intent" in actionData && actionData.intent === "reveal-phone"
                ? actionData
                : undefined
            }
          />
          {page.isOwner ? null : (
            <ReportListing
              listingId={page.id}
              signedIn={page.signedIn}
              inline={page.report.inline}
              loginUrl={page.report.loginUrl}
              result={replyFor(actionData, "report")}
              translations={page.translations.moderation}
            />
          )}
          <Suspense fallback={null}>
            <ShareCard url={page.shareUrl} title={page.title} message={page.shareMessage} />
          </Suspense>
        </aside>
      </div>
      <Suspense fallback={null}>
        <ListingNeighbours
          listingId={page.id}
          sellerHref={page.seller.href}
          categoryHref={`/category/${page.category.slug}`}
          categoryName={page.category.name}
        />
      </Suspense>
    </main>
  );
}

export const ErrorBoundary = ListingErrorBoundary;
