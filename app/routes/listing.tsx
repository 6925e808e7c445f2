import { isbot } from "isbot";
import {
  BadgeCheck,
  CalendarDays,
  CheckCircle2,
  Eye,
  EyeOff,
  LockKeyhole,
  MapPin,
  MessageCircle,
  Pencil,
  Phone,
  Share2,
  Trash2,
} from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { data, Form, Link, redirect, useFetcher, useNavigation } from "react-router";
import { FavoriteButton } from "~/components/favorites/favorite-button";
import { ClearDraftOnSuccess } from "~/components/listing/clear-draft-on-success";
import { ListingErrorBoundary, type ListingErrorData } from "~/components/listing/listing-error";
import { type GalleryImage, ListingGallery } from "~/components/listing/listing-gallery";
import { ListingPrice } from "~/components/listing/listing-price";
import { SpecList } from "~/components/listing/spec-list";
import { UsdApprox, usdApproxText } from "~/components/listing/usd-approx";
import { MessageSeller } from "~/components/messaging/message-seller";
import { messageSellerView } from "~/components/messaging/message-seller.server";
import { ReportListing } from "~/components/moderation/report-listing";
import { reportListingAction } from "~/components/moderation/report-listing.server";
import { Avatar } from "~/components/ui/avatar";
import { buttonStyles } from "~/components/ui/button-styles";
import { FormAlert } from "~/components/ui/field";
import { removalReasonText } from "~/components/ui/removal-reason.server";
import { toast } from "~/components/ui/toast";
import { formatPhoneForDisplay } from "~/domain/accounts/phone";
import { getMember, requireMember } from "~/domain/accounts/session.server";
import { deleteListing } from "~/domain/listings/delete-listing.server";
import { getListingForView, type ListingImage } from "~/domain/listings/get-listing.server";
import { specItems } from "~/domain/listings/listing-specs";
import { isPublicStatus } from "~/domain/listings/listing-status";
import { isListingId } from "~/domain/listings/listings-schemas";
import { recordView, viewerKeyOf } from "~/domain/listings/record-view.server";
import { revealPhone } from "~/domain/listings/reveal-phone.server";
import { setListingStatus } from "~/domain/listings/set-listing-status.server";
import { getUsdRate } from "~/domain/money/exchange-rate.server";
import type { Lang } from "~/i18n/config";
import { formatDate, formatNumber, formatPrice } from "~/i18n/format";
import { bundlesFor, serverT } from "~/i18n/i18n.server";
import { useNamespace } from "~/i18n/react";
import { srcSetFor } from "~/media/listing-images.server";
import { createLocalStorage, type MediaStorage } from "~/media/storage.server";
import { rateLimitedMessage } from "~/utils/action-error.server";
import { isAppError } from "~/utils/app-error";
import { flashCookie } from "~/utils/flash.server";
import { readFormData } from "~/utils/form-data.server";
import { pageMeta } from "~/utils/meta";
import { sanitizeDescription } from "~/utils/sanitize-description";
import { listingJsonLd } from "~/utils/structured-data";
import type { Route } from "./+types/listing";

/**
 * The texts this page can show, in its HTML's loader data: the listing's section without the
 * not-found texts (they come with the 404) and the owner's tools for the owner only.
 */
function pageTexts(lang: Lang, isOwner: boolean) {
  const texts = bundlesFor(lang, ["listings", "moderation", "favorites"], {
    listings: ["detail"],
    moderation: ["report"],
    favorites: ["button", "toast"],
  });
  const {
    notFoundTitle: _notFoundTitle,
    notFoundBody: _notFoundBody,
    invalidTitle: _invalidTitle,
    invalidBody: _invalidBody,
    backHome: _backHome,
    owner,
    ...detail
  } = texts.listings.detail;
  return {
    ...texts,
    listings: { detail: isOwner ? { ...detail, owner } : detail } as typeof texts.listings,
  };
}

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

function galleryImage(storage: MediaStorage, image: ListingImage): GalleryImage {
  const variants = [...image.variants].sort((a, b) => a.width - b.width);
  const largest = variants[variants.length - 1];
  const smallest = variants[0];
  return {
    src: largest ? storage.urlFor(largest.key) : "",
    srcSet: srcSetFor(storage, variants),
    width: largest?.width ?? image.width,
    height: largest?.height ?? image.height,
    thumb: smallest ? storage.urlFor(smallest.key) : "",
  };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db, auth, lang, env } = context;
  if (!isListingId(params.id)) notFound(lang, true);
  const member = await getMember({ auth, db, request });
  const view = await getListingForView({ db, listingId: params.id, viewer: member });
  if (!view) notFound(lang, false);
  const { listing, seller } = view;
  // Only what everyone may open can be saved. A member's heart comes with the listing; a
  // visitor's from their browser.
  const favoritable = isPublicStatus(listing.status);
  const favorited = favoritable && Boolean(view.viewer?.favorited);
  const t = serverT(lang, "listings");
  const url = new URL(request.url);

  // One view per member, or per visitor's address and browser, a day; bots and the owner none.
  const headers = new Headers();
  await recordView({
    db,
    listingId: listing.id,
    viewerKey: viewerKeyOf({
      memberId: member?.id,
      ip: context.clientIp,
      userAgent: request.headers.get("user-agent"),
      acceptLanguage: request.headers.get("accept-language"),
    }),
    isOwner: view.isOwner,
    isBot: isbot(request.headers.get("user-agent") ?? ""),
  }).catch((error: unknown) => context.logger.error({ err: error }, "counting a view failed"));

  const storage = createLocalStorage(env.DATA_DIR);
  const images = view.images.map((image) => galleryImage(storage, image));
  const requested = Number(url.searchParams.get("image") ?? "1");
  const active =
    Number.isInteger(requested) && requested >= 1 && requested <= images.length ? requested - 1 : 0;
  const title = lang === "ar" ? listing.titleAr || listing.title : listing.title || listing.titleAr;
  const description =
    lang === "ar"
      ? listing.descriptionAr || listing.description
      : listing.description || listing.descriptionAr;
  const location = (lang === "ar" ? listing.locationAr : listing.location) || listing.location;
  const price = formatPrice(lang, listing.price);
  const category = lang === "ar" ? view.category.nameAr : view.category.name;
  const link = `${env.PUBLIC_URL}/listing/${listing.id}`;
  const primary = view.images[0];
  const ogVariant = primary
    ? ([...primary.variants].sort((a, b) => b.width - a.width).find((v) => v.width <= 1280) ??
      primary.variants[0])
    : undefined;

  const usdRate = await getUsdRate({ db, env });
  const jsonLd = listingJsonLd({
    url: link,
    title,
    description,
    price: listing.price,
    currency: "SYP",
    images: view.images.flatMap((image) => {
      const largest = [...image.variants].sort((a, b) => b.width - a.width)[0];
      return largest ? [new URL(storage.urlFor(largest.key), env.PUBLIC_URL).href] : [];
    }),
    status: listing.status,
    sellerName: seller.fullName,
    createdAt: listing.createdAt,
    category,
  });

  return data(
    {
      translations: pageTexts(lang, view.isOwner),
      id: listing.id,
      favorite: favoritable ? { favorited } : null,
      usdApprox: usdApproxText(lang, listing.price, usdRate, t),
      jsonLd,
      title,
      // The one allow-list every description goes through (docs/product-decisions.md §D4).
      descriptionHtml: sanitizeDescription(description),
      price,
      rtl: lang === "ar",
      // "1", "2", ... in the page's digits, for the gallery's labels and the lightbox's counter.
      numbers: images.map((_, i) => formatNumber(lang, i + 1)),
      postedOn: formatDate(lang, listing.createdAt),
      views: listing.viewsCount,
      viewsText: t("detail.views", {
        count: listing.viewsCount,
        formatted: formatNumber(lang, listing.viewsCount),
      }),
      category: { slug: view.category.slug, name: category },
      specs: specItems(lang, view.category.slug, view.details),
      images,
      active,
      location: t("detail.locationValue", { location }),
      locationName: location,
      status: listing.status,
      removalReason: removalReasonText(lang, listing.removalReason),
      isOwner: view.isOwner,
      report: {
        inline: url.searchParams.get("report") === "1",
        loginUrl: `/auth?redirectTo=${encodeURIComponent(`/listing/${listing.id}?report=1`)}`,
      },
      confirmDelete: view.isOwner && url.searchParams.get("confirm") === "delete",
      signedIn: Boolean(member),
      // "Message seller": a composer, the buyer's existing conversation, or sign in first.
      messageSeller: await messageSellerView({
        db,
        lang,
        member,
        listingId: listing.id,
        isOwner: view.isOwner,
        conversationId: view.viewer?.conversationId ?? null,
      }),
      seller: {
        name: seller.fullName,
        avatarUrl: seller.avatarUrl,
        initial: (seller.fullName?.[0] ?? "?").toUpperCase(),
        memberSince: formatDate(lang, seller.memberSince, { year: "numeric", month: "long" }),
        verified: seller.emailVerified,
      },
      // The number is never in the page: a signed-in member asks for it (intent reveal-phone).
      hasPhone: seller.hasPhone,
      loginUrl: `/auth?redirectTo=${encodeURIComponent(`/listing/${listing.id}`)}`,
      shareUrl: link,
      meta: {
        title,
        description: t("meta.listingDescription", { price, location, category }),
        image: ogVariant
          ? {
              url: new URL(storage.urlFor(ogVariant.key), env.PUBLIC_URL).href,
              width: ogVariant.width,
              height: ogVariant.height,
            }
          : null,
        amount: listing.price,
      },
    },
    { headers },
  );
}

const STATUS_INTENTS = { sold: "sold", hide: "inactive", activate: "active" } as const;

export async function action({ request, context, params }: Route.ActionArgs) {
  const { db, auth, lang, env } = context;
  const member = await requireMember({ auth, db, request });
  const form = await readFormData(request, lang);
  const intent = String(form.get("intent") ?? "");
  if (intent === "reveal-phone")
    return revealPhoneAction({ context, member, listingId: params.id });
  if (intent === "report") {
    return reportListingAction({
      db,
      lang,
      member,
      form,
      listingId: params.id,
      ip: context.clientIp,
    });
  }
  try {
    if (intent === "delete") {
      await deleteListing({
        db,
        storage: createLocalStorage(env.DATA_DIR),
        member,
        listingId: params.id,
      });
      return redirect("/my-listings", {
        headers: { "Set-Cookie": flashCookie("listing-deleted") },
      });
    }
    const status = STATUS_INTENTS[intent as keyof typeof STATUS_INTENTS];
    if (!status) return data({ error: serverT(lang)("errors.UNEXPECTED") }, { status: 400 });
    await setListingStatus({ db, member, listingId: params.id, status });
    return redirect(`/listing/${params.id}`);
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data({ error: serverT(lang)(`errors.${error.code}`) }, { status: error.status });
  }
}

/** The seller's number and WhatsApp link for this member, or the reason they cannot have it. */
async function revealPhoneAction({
  context,
  member,
  listingId,
}: {
  context: Route.ActionArgs["context"];
  member: Awaited<ReturnType<typeof requireMember>>;
  listingId: string;
}) {
  const { db, lang, env } = context;
  const t = serverT(lang, "listings");
  try {
    const phone = await revealPhone({ db, member, listingId, ip: context.clientIp });
    const view = await getListingForView({ db, listingId, viewer: member });
    const title = view?.listing.title || view?.listing.titleAr || "";
    const link = `${env.PUBLIC_URL}/listing/${listingId.toLowerCase()}`;
    return data({
      intent: "reveal-phone" as const,
      contact: phone
        ? {
            phone: formatPhoneForDisplay(phone),
            tel: `tel:${phone}`,
            whatsapp: `https://wa.me/${phone.replace(/\D/g, "")}?text=${encodeURIComponent(
              t("detail.whatsappText", { title, url: link }),
            )}`,
          }
        : null,
    });
  } catch (error) {
    if (!isAppError(error)) throw error;
    const message =
      error.code === "RATE_LIMITED"
        ? rateLimitedMessage(lang, Number(error.params.seconds ?? 0))
        : serverT(lang)(`errors.${error.code}`);
    return data(
      { intent: "reveal-phone" as const, contact: null, error: message },
      { status: error.status },
    );
  }
}

/** The root's headers (the flash cookie's removal) with this page's own (the visitor cookie). */
export const headers: Route.HeadersFunction = ({ parentHeaders, loaderHeaders, actionHeaders }) => {
  const out = new Headers();
  for (const source of [parentHeaders, loaderHeaders, actionHeaders]) {
    source.forEach((value, key) => {
      if (key.toLowerCase() !== "set-cookie") out.set(key, value);
    });
    for (const cookie of source.getSetCookie()) out.append("Set-Cookie", cookie);
  }
  return out;
};

export const meta: Route.MetaFunction = (args) => {
  const page = args.loaderData?.meta;
  const tags = pageMeta(args, page);
  if (!page) return tags;
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

type T = (key: string, options?: Record<string, unknown>) => string;
type Loaded = Route.ComponentProps["loaderData"];

export default function ListingPage({ loaderData: page, actionData }: Route.ComponentProps) {
  const { t } = useNamespace("listings", page.translations.listings);
  useNamespace("favorites", page.translations.favorites);
  return (
    <main
      id="main"
      className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-10"
      data-testid="listing-page"
    >
      <ClearDraftOnSuccess listingId={page.id} />
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: schema.org data for search engines, escaped for a script element by listingJsonLd
        dangerouslySetInnerHTML={{ __html: page.jsonLd }}
      />
      <StatusNotice page={page} t={t} />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <ListingGallery
            images={page.images}
            active={page.active}
            title={page.title}
            numbers={page.numbers}
            rtl={page.rtl}
            t={t}
          />
          <Card>
            <h1
              className="text-2xl font-bold text-ink sm:text-3xl"
              dir="auto"
              data-testid="listing-title"
            >
              {page.title}
            </h1>
            <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
              <div>
                <ListingPrice price={page.price} />
                <UsdApprox text={page.usdApprox} />
              </div>
              <p className="flex flex-wrap items-center gap-4 text-sm text-muted">
                <span className="inline-flex items-center gap-1">
                  <CalendarDays className="size-4" aria-hidden />
                  {t("detail.postedOn", { date: page.postedOn })}
                </span>
                <span className="inline-flex items-center gap-1">
                  <Eye className="size-4" aria-hidden />
                  {page.viewsText}
                </span>
              </p>
            </div>
            {page.favorite ? (
              <div className="mt-4 border-t border-line pt-4">
                <FavoriteButton
                  listingId={page.id}
                  favorited={page.favorite.favorited}
                  variant="full"
                />
              </div>
            ) : null}
          </Card>
          {page.specs.length > 0 ? (
            <Card title={t("detail.specifications")}>
              <SpecList items={page.specs} />
            </Card>
          ) : null}
          <Card title={t("detail.description")}>
            <div
              className="break-words text-ink [&_li]:mt-1 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:ps-6 [&_p]:mb-3 [&_ul]:my-2 [&_ul]:list-disc [&_ul]:ps-6"
              dir="auto"
              data-testid="listing-description"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: the allow-list sanitiser's output only
              dangerouslySetInnerHTML={{ __html: page.descriptionHtml }}
            />
          </Card>
          <Card title={t("detail.location")}>
            <p className="flex items-center gap-2 text-ink" data-testid="listing-location">
              <MapPin className="size-4 text-brand-600" aria-hidden />
              {page.location}
            </p>
            <div
              className="mt-4 flex h-48 items-center justify-center rounded-xl bg-linear-to-br from-brand-50 to-slate-100 text-brand-700 ring-1 ring-line"
              role="img"
              aria-label={t("detail.mapPlaceholder", { location: page.locationName })}
            >
              <MapPin className="size-10" aria-hidden />
            </div>
          </Card>
        </div>
        <aside className="space-y-6">
          {page.isOwner ? (
            <OwnerCard
              page={page}
              error={actionData && "error" in actionData ? actionData.error : undefined}
              t={t}
            />
          ) : null}
          <SellerCard
            page={page}
            t={t}
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
              result={
                actionData && "intent" in actionData && actionData.intent === "report"
                  ? actionData
                  : undefined
              }
              translations={page.translations.moderation}
            />
          )}
          <ShareCard url={page.shareUrl} title={page.title} t={t} />
        </aside>
      </div>
    </main>
  );
}

function Card({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-line sm:p-6">
      {title ? <h2 className="mb-4 text-lg font-semibold text-ink">{title}</h2> : null}
      {children}
    </section>
  );
}

function StatusNotice({ page, t }: { page: Loaded; t: T }) {
  if (page.status === "active") return null;
  return (
    <div className="mb-6" data-testid="listing-status">
      <FormAlert tone={page.status === "sold" ? "info" : "error"}>
        <p>{t(`detail.status.${page.status}`)}</p>
        {page.removalReason ? (
          <p className="mt-1" dir="auto">
            {t("detail.status.removedReason", { reason: page.removalReason })}
          </p>
        ) : null}
      </FormAlert>
    </div>
  );
}

type PhoneReveal = {
  intent: "reveal-phone";
  contact: { phone: string; tel: string; whatsapp: string } | null;
  error?: string;
};

function SellerCard({ page, t, revealed }: { page: Loaded; t: T; revealed?: PhoneReveal }) {
  const { seller } = page;
  // Without JavaScript the form posts and the page comes back with the number (action data);
  // with it, the same form goes through a fetcher and the page stays where it is.
  const fetcher = useFetcher<PhoneReveal>();
  const reveal = fetcher.data ?? revealed;
  const contact = reveal?.contact ?? null;
  return (
    <Card title={t("detail.seller")}>
      <div className="flex items-center gap-3" data-testid="seller-card">
        <Avatar member={seller} size="size-12 text-lg" />
        <div className="min-w-0">
          <p className="truncate font-semibold text-ink" dir="auto">
            {seller.name ?? t("detail.unknownUser")}
          </p>
          <p className="text-xs text-muted">
            {t("detail.memberSince", { date: seller.memberSince })}
          </p>
          {seller.verified ? (
            <span className="mt-1 inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700 ring-1 ring-brand-200">
              <BadgeCheck className="size-3.5" aria-hidden />
              {t("detail.verified")}
            </span>
          ) : null}
        </div>
      </div>
      {page.isOwner ? null : (
        <div className="mt-5 space-y-3" data-testid="contact">
          {page.messageSeller ? <MessageSeller view={page.messageSeller} /> : null}
          {!page.signedIn ? (
            <>
              <p className="text-sm text-muted">{t("detail.loginToContact")}</p>
              <Link
                to={page.loginUrl}
                className={`${buttonStyles.primary} w-full`}
                data-testid="login-required-whatsapp"
              >
                <LockKeyhole className="size-4" aria-hidden />
                {t("detail.loginRequired")}
              </Link>
              <Link
                to={page.loginUrl}
                className={`${buttonStyles.secondary} w-full`}
                data-testid="login-required-phone"
              >
                <Phone className="size-4" aria-hidden />
                {t("detail.loginRequired")}
              </Link>
            </>
          ) : !page.hasPhone ? (
            <p className="text-sm text-muted">{t("detail.noPhone")}</p>
          ) : contact ? (
            <>
              <a
                href={contact.whatsapp}
                target="_blank"
                rel="noopener noreferrer"
                className={`${buttonStyles.primary} w-full bg-emerald-700 hover:bg-emerald-800`}
                data-testid="whatsapp"
              >
                <MessageCircle className="size-4" aria-hidden />
                {t("detail.whatsapp")}
              </a>
              <a
                href={contact.tel}
                className={`${buttonStyles.secondary} w-full`}
                data-testid="seller-phone"
              >
                <Phone className="size-4" aria-hidden />
                <span dir="ltr">{contact.phone}</span>
              </a>
            </>
          ) : (
            <fetcher.Form method="post" className="space-y-3" data-testid="reveal-phone">
              <input type="hidden" name="intent" value="reveal-phone" />
              {reveal?.error ? <FormAlert>{reveal.error}</FormAlert> : null}
              <button
                type="submit"
                className={`${buttonStyles.primary} w-full bg-emerald-700 hover:bg-emerald-800`}
                disabled={fetcher.state !== "idle"}
                data-testid="show-whatsapp"
              >
                <MessageCircle className="size-4" aria-hidden />
                {t("detail.whatsapp")}
              </button>
              <button
                type="submit"
                className={`${buttonStyles.secondary} w-full`}
                disabled={fetcher.state !== "idle"}
                data-testid="show-phone"
              >
                <Phone className="size-4" aria-hidden />
                {t("detail.showPhone")}
              </button>
            </fetcher.Form>
          )}
        </div>
      )}
    </Card>
  );
}

function OwnerCard({ page, error, t }: { page: Loaded; error?: string; t: T }) {
  const busy = useNavigation().state === "submitting";
  const statusButton = (intent: string, label: string, Icon: typeof Eye) => (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <button
        type="submit"
        className={`${buttonStyles.secondary} w-full`}
        disabled={busy}
        data-testid={`owner-${intent}`}
      >
        <Icon className="size-4" aria-hidden />
        {label}
      </button>
    </Form>
  );
  return (
    <Card title={t("detail.owner.title")}>
      <div className="space-y-3" data-testid="owner-actions">
        {error ? <FormAlert>{error}</FormAlert> : null}
        <Link
          to={`/edit-listing/${page.id}`}
          className={`${buttonStyles.primary} w-full`}
          data-testid="owner-edit"
        >
          <Pencil className="size-4" aria-hidden />
          {t("detail.owner.edit")}
        </Link>
        {page.status === "removed" ? null : (
          <>
            {page.status !== "sold"
              ? statusButton("sold", t("detail.owner.markSold"), CheckCircle2)
              : null}
            {page.status !== "inactive"
              ? statusButton("hide", t("detail.owner.hide"), EyeOff)
              : null}
            {page.status !== "active"
              ? statusButton("activate", t("detail.owner.activate"), Eye)
              : null}
          </>
        )}
        {page.confirmDelete ? (
          <div
            className="rounded-xl border border-red-200 bg-red-50 p-4"
            role="alertdialog"
            aria-labelledby="confirm-delete-text"
            data-testid="confirm-delete"
          >
            <p id="confirm-delete-text" className="text-sm font-semibold text-red-800">
              {t("detail.owner.confirmDelete")}
            </p>
            <div className="mt-3 flex flex-wrap gap-2">
              <Form method="post">
                <input type="hidden" name="intent" value="delete" />
                <button
                  type="submit"
                  disabled={busy}
                  className={`${buttonStyles.primary} bg-red-600 hover:bg-red-700`}
                  data-testid="confirm-delete-yes"
                >
                  <Trash2 className="size-4" aria-hidden />
                  {t("detail.owner.confirmYes")}
                </button>
              </Form>
              <Link
                to={`/listing/${page.id}`}
                replace
                preventScrollReset
                className={buttonStyles.secondary}
              >
                {t("detail.owner.cancel")}
              </Link>
            </div>
          </div>
        ) : (
          <Link
            to="?confirm=delete"
            replace
            preventScrollReset
            className={`${buttonStyles.secondary} w-full text-red-700`}
            data-testid="owner-delete"
          >
            <Trash2 className="size-4" aria-hidden />
            {t("detail.owner.delete")}
          </Link>
        )}
      </div>
    </Card>
  );
}

/**
 * The device's share sheet where there is one, else the link copied to the clipboard. Without
 * JavaScript the link itself is there to copy or share.
 */
function ShareCard({ url, title, t }: { url: string; title: string; t: T }) {
  const [copied, setCopied] = useState(false);
  // Known only in the browser: the server renders "Copy link", and a device that can share says so
  // once hydrated.
  const [canShare, setCanShare] = useState(false);
  useEffect(() => setCanShare(typeof navigator.share === "function"), []);
  const copy = async () => {
    await navigator.clipboard.writeText(url);
    setCopied(true);
    toast.success(t("detail.linkCopied"));
  };
  return (
    <Card title={t("detail.share")}>
      <a
        href={url}
        className={`${buttonStyles.secondary} w-full`}
        onClick={(event) => {
          if (typeof navigator.share === "function") {
            event.preventDefault();
            navigator.share({ title, url }).catch((error: unknown) => {
              // Closing the sheet is not a failure; anything else falls back to copying.
              if ((error as Error)?.name === "AbortError" || !navigator.clipboard) return;
              void copy().catch(() => undefined);
            });
            return;
          }
          if (!navigator.clipboard) return;
          event.preventDefault();
          void copy().catch(() => undefined);
        }}
        data-testid="share-link"
      >
        <Share2 className="size-4" aria-hidden />
        {copied ? t("detail.linkCopied") : canShare ? t("detail.share") : t("detail.copyLink")}
      </a>
    </Card>
  );
}

export const ErrorBoundary = ListingErrorBoundary;
