import { Form, Link, useNavigation } from "react-router";
import { Card, cardStyles } from "~/components/ui/card";
import { Icon, type IconName } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/react";
import type { MyListingRow } from "~/views/listing/my-listings.server";

type Row = MyListingRow;

/**
 * The member's listings: a table from md up, cards on phones, with the owner's actions. Used by
 * /my-listings and the profile's My Listings tab; the forms post to /my-listings, which checks
 * ownership on the server and comes back to `returnTo`.
 */
export function MyListingsTable({
  listings,
  confirm,
  returnTo,
}: {
  listings: Row[];
  confirm: string | null;
  returnTo: string;
}) {
  const { t } = useTranslation("listings");
  return (
    <>
      <div className={`${cardStyles} hidden overflow-x-auto md:block`}>
        <table className="w-full text-sm" data-testid="my-listings-table">
          <thead className="bg-slate-50 text-start text-xs uppercase text-muted">
            <tr>
              {(
                ["title", "price", "status", "views", "favorites", "posted", "actions"] as const
              ).map((column) => (
                <th key={column} scope="col" className="px-4 py-3 text-start font-semibold">
                  {t(`mine.columns.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {listings.map((row) => (
              <tr key={row.id} data-testid="my-listing-row">
                <td className="max-w-xs px-4 py-3">
                  <Link
                    to={`/listing/${row.id}`}
                    className="font-semibold text-brand-700 hover:underline"
                    dir="auto"
                  >
                    {row.title}
                  </Link>
                </td>
                <td className="whitespace-nowrap px-4 py-3">
                  <bdi>{row.price}</bdi>
                </td>
                <td className="px-4 py-3">
                  <StatusBadge row={row} />
                </td>
                <td className="px-4 py-3">{row.views}</td>
                <td className="px-4 py-3">{row.favorites}</td>
                <td className="whitespace-nowrap px-4 py-3">{row.posted}</td>
                <td className="px-4 py-3">
                  <RowActions row={row} confirming={confirm === row.id} returnTo={returnTo} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="space-y-4 md:hidden" data-testid="my-listings-cards">
        {listings.map((row) => (
          <Card as="li" key={row.id} className="p-4">
            <div className="flex items-start justify-between gap-3">
              <Link to={`/listing/${row.id}`} className="font-semibold text-brand-700" dir="auto">
                {row.title}
              </Link>
              <StatusBadge row={row} />
            </div>
            <p className="mt-1 font-bold text-ink">
              <bdi>{row.price}</bdi>
            </p>
            <p className="mt-1 text-xs text-muted">
              {row.posted} · {t("mine.viewsCount", { count: row.viewsCount, formatted: row.views })}{" "}
              · {t("mine.favoritesCount", { count: row.favoritesCount, formatted: row.favorites })}
            </p>
            <div className="mt-3">
              <RowActions row={row} confirming={confirm === row.id} returnTo={returnTo} />
            </div>
          </Card>
        ))}
      </ul>
    </>
  );
}

const BADGE = {
  active: "bg-brand-50 text-brand-700 ring-brand-200",
  reserved: "bg-amber-50 text-amber-900 ring-amber-200",
  sold: "bg-sky-50 text-sky-800 ring-sky-200",
  inactive: "bg-slate-100 text-slate-700 ring-slate-200",
  expired: "bg-amber-50 text-amber-900 ring-amber-200",
} as const;

function StatusBadge({ row }: { row: Row }) {
  const { t } = useTranslation("listings");
  const badge = (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${BADGE[row.status]}`}
      data-testid="status-badge"
    >
      {t(`mine.statusLabel.${row.status}`)}
    </span>
  );
  if (row.leavesSearch) {
    return (
      <div className="max-w-56 space-y-1">
        {badge}
        <p className="text-xs text-amber-900" data-testid="leaves-search">
          {row.leavesSearch}
        </p>
      </div>
    );
  }
  if (!row.removed) return badge;
  // A moderator's decision: the owner learns that and why, here as on the listing page.
  return (
    <div className="max-w-56 space-y-1">
      {badge}
      <p className="text-xs text-red-800" data-testid="removal-reason">
        {t("detail.status.removed")}
      </p>
      {row.removalReason ? (
        <p className="break-words text-xs text-red-800" dir="auto">
          {t("detail.status.removedReason", { reason: row.removalReason })}
        </p>
      ) : null}
    </div>
  );
}

function RowActions({
  row,
  confirming,
  returnTo,
}: {
  row: Row;
  confirming: boolean;
  returnTo: string;
}) {
  const { t } = useTranslation("listings");
  const busy = useNavigation().state === "submitting";
  const small =
    "inline-flex items-center gap-1 rounded-lg px-2 py-1.5 text-xs font-semibold ring-1 ring-line hover:bg-slate-50";
  const statusForm = (intent: string, label: string, icon: IconName) => (
    <Form method="post" action="/my-listings">
      <input type="hidden" name="listingId" value={row.id} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <button type="submit" name="intent" value={intent} className={small} disabled={busy}>
        <Icon name={icon} className="size-3.5" aria-hidden />
        {label}
      </button>
    </Form>
  );
  if (confirming) {
    return (
      <div role="alertdialog" aria-label={t("mine.confirmDelete")} className="space-y-2">
        <p className="text-xs font-semibold text-red-800">{t("mine.confirmDelete")}</p>
        <div className="flex flex-wrap gap-2">
          <Form method="post" action="/my-listings">
            <input type="hidden" name="listingId" value={row.id} />
            <input type="hidden" name="returnTo" value={returnTo} />
            <button
              type="submit"
              name="intent"
              value="delete"
              disabled={busy}
              className={`${small} bg-red-600 text-white ring-red-600 hover:bg-red-700`}
            >
              <Icon name="trash" className="size-3.5" aria-hidden />
              {t("mine.confirmYes")}
            </button>
          </Form>
          <Link to={returnTo} replace preventScrollReset className={small}>
            {t("mine.cancel")}
          </Link>
        </div>
      </div>
    );
  }
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">{t("mine.actionsFor", { title: row.title })}</legend>
      <Link to={`/listing/${row.id}`} className={small}>
        <Icon name="eye" className="size-3.5" aria-hidden />
        {t("mine.view")}
      </Link>
      <Link to={`/edit-listing/${row.id}`} className={small}>
        <Icon name="pencil" className="size-3.5" aria-hidden />
        {t("mine.edit")}
      </Link>
      <Link to={`/my-listings/${row.id}/statistics`} className={small} data-testid="listing-stats">
        <Icon name="chart-column" className="size-3.5" aria-hidden />
        {t("mine.statistics")}
      </Link>
      {row.removed ? null : (
        <>
          {row.bumpable ? statusForm("bump", t("mine.bump"), "arrow-up-to-line") : null}
          {row.renewable ? statusForm("renew", t("mine.renew"), "refresh-cw") : null}
          {row.status === "active" ? statusForm("reserve", t("mine.reserve"), "clock") : null}
          {row.status === "reserved"
            ? statusForm("available", t("mine.available"), "refresh-cw")
            : null}
          {row.rawStatus !== "sold" ? statusForm("sold", t("mine.markSold"), "circle-check") : null}
          {row.rawStatus !== "inactive" ? statusForm("hide", t("mine.hide"), "eye-off") : null}
          {row.rawStatus === "sold" || row.rawStatus === "inactive"
            ? statusForm("activate", t("mine.activate"), "eye")
            : null}
        </>
      )}
      <Link
        to={`?confirm=${row.id}`}
        replace
        preventScrollReset
        className={`${small} text-red-700`}
      >
        <Icon name="trash" className="size-3.5" aria-hidden />
        {t("mine.delete")}
      </Link>
      {row.nextBump ? (
        <p className="basis-full text-xs text-muted" data-testid="next-bump">
          {row.nextBump}
        </p>
      ) : null}
    </fieldset>
  );
}
