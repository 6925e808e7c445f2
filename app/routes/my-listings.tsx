import { Link, redirect } from "react-router";
import { MyListingsTable } from "~/components/listing/my-listings-table";
import { ownerActionError } from "~/components/listing/owner-action-reply";
import { buttonStyles } from "~/components/ui/button-styles";
import { EmptyCard } from "~/components/ui/card";
import { FormAlert } from "~/components/ui/field";
import { Icon } from "~/components/ui/icon";
import { getMember, requireMember } from "~/domain/accounts/session.server";
import { bumpListing } from "~/domain/listings/bump-listing.server";
import { deleteListing } from "~/domain/listings/delete-listing.server";
import { listMyListings } from "~/domain/listings/list-my-listings.server";
import { renewListing } from "~/domain/listings/listing-expiry.server";
import { listingRatesFrom } from "~/domain/listings/listing-rates.server";
import { myListingActionSchema, OWNER_ACTION_STATUS } from "~/domain/listings/listings-schemas";
import { setListingStatus } from "~/domain/listings/set-listing-status.server";
import { bundlesFor, serverT } from "~/i18n/i18n.server";
import { useNamespace } from "~/i18n/react";
import { failedForm, invalidForm, parseForm } from "~/utils/form.server";
import { readFormData } from "~/utils/form-data.server";
import { noindexPageMeta } from "~/utils/meta";
import type { RouteHandle } from "~/utils/route-handle";
import { myListingsReturnTo, toMyListingRows } from "~/views/listing/my-listings.server";
import type { Route } from "./+types/my-listings";

export const handle: RouteHandle = { personal: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, auth, lang } = context;
  const t = serverT(lang, "listings");
  const base = {
    translations: bundlesFor(lang, ["listings"]),
    meta: { title: t("meta.myListings"), description: t("meta.myListingsDescription") },
  };
  const member = await getMember({ auth, db, request });
  // The spec's own signed-out state, not a redirect.
  if (!member) return { ...base, signedIn: false as const, listings: [], confirm: null };
  const rows = await listMyListings({ db, member });
  const confirm = new URL(request.url).searchParams.get("confirm");
  return {
    ...base,
    signedIn: true as const,
    confirm: confirm && rows.some((row) => row.id === confirm) ? confirm : null,
    listings: toMyListingRows(lang, rows),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, auth, lang, env } = context;
  const member = await requireMember({ auth, db, request });
  const form = await readFormData(request, lang);
  const submission = parseForm(lang, form, myListingActionSchema);
  if (submission.status !== "success") return invalidForm(submission);
  const { intent, listingId } = submission.value;
  const returnTo = myListingsReturnTo(form.get("returnTo"));
  try {
    if (intent === "delete") {
      await deleteListing({ db, storage: context.storage, member, listingId });
      return context.flash.redirect(returnTo, "listing-deleted");
    }
    const ttlDays = env.LISTING_TTL_DAYS;
    if (intent === "renew") {
      await renewListing({ db, member, listingId, ttlDays });
      return context.flash.redirect(returnTo, "listing-renewed");
    }
    if (intent === "bump") {
      await bumpListing({ db, member, listingId });
      return context.flash.redirect(returnTo, "listing-bumped");
    }
    await setListingStatus({
      db,
      member,
      listingId,
      status: OWNER_ACTION_STATUS[intent],
      ttlDays,
      watchers: context.jobs,
      rates: listingRatesFrom(env),
    });
    return redirect(returnTo);
  } catch (error) {
    return failedForm(lang, submission, error);
  }
}

export const meta: Route.MetaFunction = noindexPageMeta;

export default function MyListingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useNamespace("listings", loaderData.translations.listings);
  if (!loaderData.signedIn) {
    return (
      <main
        id="main"
        className="mx-auto flex max-w-md flex-col items-center px-4 py-20 text-center"
      >
        <span className="rounded-full bg-brand-50 p-4 text-brand-600">
          <Icon name="list-checks" className="size-8" aria-hidden />
        </span>
        <h1 className="mt-5 text-2xl font-bold">{t("mine.signedOutTitle")}</h1>
        <p className="mt-2 text-muted">{t("mine.signedOutBody")}</p>
        <Link
          to="/auth?redirectTo=%2Fmy-listings"
          className={`${buttonStyles.primary} mt-6`}
          data-testid="my-listings-login"
        >
          <Icon name="log-in" className="size-4 rtl:-scale-x-100" aria-hidden />
          {t("mine.logIn")}
        </Link>
      </main>
    );
  }
  const { listings, confirm } = loaderData;
  const actionError = ownerActionError(actionData);
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-ink sm:text-3xl">{t("mine.title")}</h1>
        <div className="flex flex-wrap gap-2">
          <Link to="/dashboard" className={buttonStyles.secondary} data-testid="dashboard-link">
            <Icon name="chart-column" className="size-4" aria-hidden />
            {t("mine.dashboard")}
          </Link>
          <Link to="/post-ad" className={buttonStyles.primary} data-testid="add-listing">
            <Icon name="plus" className="size-4" aria-hidden />
            {t("mine.add")}
          </Link>
        </div>
      </div>
      {actionError ? (
        <div className="mb-4">
          <FormAlert>{actionError}</FormAlert>
        </div>
      ) : null}
      {listings.length === 0 ? (
        <EmptyCard
          icon="list-checks"
          iconTone="brand"
          title={t("mine.emptyTitle")}
          body={t("mine.emptyBody")}
          testId="my-listings-empty"
        >
          <Link to="/post-ad" className={`${buttonStyles.primary} mt-6`}>
            <Icon name="plus" className="size-4" aria-hidden />
            {t("mine.addFirst")}
          </Link>
        </EmptyCard>
      ) : (
        <MyListingsTable listings={listings} confirm={confirm} returnTo="/my-listings" />
      )}
    </main>
  );
}
