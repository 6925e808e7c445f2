import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { FormAlert } from "~/components/ui/field";
import { Icon } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/react";
import type { ListingPageTexts, ListingPageView } from "~/views/listing/listing-page-view.server";
import { DetailCard } from "./detail-card";
import { ListingPrice } from "./listing-price";
import { SpecList } from "./spec-list";
import { UsdApprox } from "./usd-approx";

/** The listings texts the listing page sends: a text it does not send is a type error here. */
type ListingTexts = ListingPageTexts["listings"];

/**
 * Why a listing that is not active is shown (sold, hidden, removed with the moderator's reason).
 * An expired listing's owner renews it right here, at the top of the page: on a phone the owner's
 * tools are a screen and more below. A plain form, as without JavaScript.
 */
export function StatusNotice({ page, renewError }: { page: ListingPageView; renewError?: string }) {
  const { t } = useTranslation<"listings", ListingTexts>("listings");
  const busy = useNavigation().state === "submitting";
  if (page.notice === "active") return null;
  return (
    <div className="mb-6" data-testid="listing-status">
      <FormAlert
        tone={
          page.notice === "sold" ||
          page.notice === "expired" ||
          page.notice === "review" ||
          page.notice === "reserved"
            ? "info"
            : "error"
        }
      >
        <p>{t(`detail.status.${page.notice}`)}</p>
        {page.expiry?.notice ? <p className="mt-1">{page.expiry.notice}</p> : null}
        {page.removalReason ? (
          <p className="mt-1" dir="auto">
            {t("detail.status.removedReason", { reason: page.removalReason })}
          </p>
        ) : null}
        {page.status === "expired" && page.expiry?.renewable ? (
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="renew" />
            {renewError ? (
              <p role="alert" className="mb-2 font-semibold text-red-800">
                {renewError}
              </p>
            ) : null}
            <button
              type="submit"
              className={`${buttonStyles.primary} w-full sm:w-auto`}
              disabled={busy}
              data-testid="owner-renew"
            >
              <Icon name="refresh-cw" className="size-4" aria-hidden />
              {t("detail.owner.renew")}
            </button>
          </Form>
        ) : null}
      </FormAlert>
    </div>
  );
}

/** The listing's title, price, age and views; `favorite` is its heart, where it can be saved. */
export function ListingSummary({ page, favorite }: { page: ListingPageView; favorite: ReactNode }) {
  const { t } = useTranslation<"listings", ListingTexts>("listings");
  return (
    <DetailCard>
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
          {page.priceGuide ? (
            <p className="mt-1 text-sm text-ink" data-testid="price-guide">
              {page.priceGuide}
            </p>
          ) : null}
        </div>
        <p className="flex flex-wrap items-center gap-4 text-sm text-muted">
          <span className="inline-flex items-center gap-1">
            <Icon name="calendar-days" className="size-4" />
            {t("detail.postedOn", { date: page.postedOn })}
          </span>
          {page.updatedOn ? <span data-testid="updated-on">{page.updatedOn}</span> : null}
          <span className="inline-flex items-center gap-1">
            <Icon name="eye" className="size-4" />
            {page.viewsText}
          </span>
        </p>
      </div>
      {favorite ? (
        <div className="mt-4 border-t border-line pt-4" data-testid="listing-favorite">
          {favorite}
        </div>
      ) : null}
    </DetailCard>
  );
}

/** The listing's specifications, description and place. */
export function ListingAbout({ page }: { page: ListingPageView }) {
  const { t } = useTranslation<"listings", ListingTexts>("listings");
  return (
    <>
      {page.specs.length > 0 ? (
        <DetailCard title={t("detail.specifications")}>
          <SpecList items={page.specs} />
        </DetailCard>
      ) : null}
      <DetailCard title={t("detail.description")}>
        <div
          className="break-words text-ink [&_li]:mt-1 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:ps-6 [&_p]:mb-3 [&_ul]:my-2 [&_ul]:list-disc [&_ul]:ps-6"
          dir="auto"
          data-testid="listing-description"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the allow-list sanitiser's output only
          dangerouslySetInnerHTML={{ __html: page.descriptionHtml }}
        />
      </DetailCard>
      <DetailCard title={t("detail.location")}>
        <p className="flex items-center gap-2 text-ink" data-testid="listing-location">
          <Icon name="map-pin" className="size-4 text-brand-600" />
          {page.location}
        </p>
        <div
          className="mt-4 flex h-48 items-center justify-center rounded-xl bg-linear-to-br from-brand-50 to-slate-100 text-brand-700 ring-1 ring-line"
          role="img"
          aria-label={t("detail.mapPlaceholder", { location: page.locationName })}
        >
          <Icon name="map-pin" className="size-10" />
        </div>
      </DetailCard>
    </>
  );
}
