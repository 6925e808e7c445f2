import { Form, Link, useNavigation } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { ConfirmPanel } from "~/components/ui/confirm-panel";
import { FormAlert } from "~/components/ui/field";
import { Icon, type IconName } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/react";
import type { ListingPageTexts, ListingPageView } from "~/views/listing/listing-page-view.server";
import { DetailCard } from "./detail-card";

/** The listings texts the listing page sends: a text it does not send is a type error here. */
type ListingTexts = ListingPageTexts["listings"];

/**
 * The owner's tools: edit, renew (an expired listing's is in its notice), reserve or make available
 * again (issue 31), mark sold, hide or show again, and delete after a confirmation drawn in the page (?confirm=delete), so all of it works
 * without JavaScript.
 */
export function OwnerCard({ page, error }: { page: ListingPageView; error?: string }) {
  const { t } = useTranslation<"listings", ListingTexts>("listings");
  const busy = useNavigation().state === "submitting";
  const statusButton = (intent: string, label: string, icon: IconName) => (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <button
        type="submit"
        className={`${buttonStyles.secondary} w-full`}
        disabled={busy}
        data-testid={`owner-${intent}`}
      >
        <Icon name={icon} className="size-4" aria-hidden />
        {label}
      </button>
    </Form>
  );
  return (
    <DetailCard title={t("detail.owner.title")}>
      <div className="space-y-3" data-testid="owner-actions">
        {error ? <FormAlert>{error}</FormAlert> : null}
        <Link
          to={`/edit-listing/${page.id}`}
          className={`${buttonStyles.primary} w-full`}
          data-testid="owner-edit"
        >
          <Icon name="pencil" className="size-4" aria-hidden />
          {t("detail.owner.edit")}
        </Link>
        {page.expiry?.until ? (
          <p className="text-sm text-muted" data-testid="owner-expires-on">
            {page.expiry.until}
          </p>
        ) : null}
        {/* An expired listing's renewal is in its notice, at the top of the page. */}
        {page.expiry?.renewable && page.status !== "expired"
          ? statusButton("renew", t("detail.owner.renew"), "refresh-cw")
          : null}
        {page.status === "removed" ? null : (
          <>
            {page.status === "active" && !page.reserved
              ? statusButton("reserve", t("detail.owner.reserve"), "clock")
              : null}
            {page.reserved
              ? statusButton("available", t("detail.owner.available"), "refresh-cw")
              : null}
            {page.status !== "sold"
              ? statusButton("sold", t("detail.owner.markSold"), "circle-check")
              : null}
            {page.status !== "inactive"
              ? statusButton("hide", t("detail.owner.hide"), "eye-off")
              : null}
            {page.status === "sold" || page.status === "inactive"
              ? statusButton("activate", t("detail.owner.activate"), "eye")
              : null}
          </>
        )}
        {page.confirmDelete ? (
          <ConfirmPanel
            name="delete"
            question={t("detail.owner.confirmDelete")}
            questionClassName="text-sm font-semibold text-red-800"
            intent="delete"
            confirm={t("detail.owner.confirmYes")}
            icon="trash"
            cancel={t("detail.owner.cancel")}
            cancelTo={`/listing/${page.id}`}
            busy={busy}
          />
        ) : (
          <Link
            to="?confirm=delete"
            replace
            preventScrollReset
            className={`${buttonStyles.secondary} w-full text-red-700`}
            data-testid="owner-delete"
          >
            <Icon name="trash" className="size-4" aria-hidden />
            {t("detail.owner.delete")}
          </Link>
        )}
      </div>
    </DetailCard>
  );
}
