import { CheckCircle2, Eye, EyeOff, ListChecks, LogIn, Pencil, Plus, Trash2 } from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { FormAlert } from "~/components/forms/field";
import { buttonStyles } from "~/components/ui/button-styles";
import { getMember, requireMember } from "~/domain/accounts/session.server";
import { deleteListing } from "~/domain/listings/delete-listing.server";
import { listMyListings } from "~/domain/listings/list-my-listings.server";
import { isListingId } from "~/domain/listings/listings-schemas";
import { setListingStatus } from "~/domain/listings/set-listing-status.server";
import { formatDate, formatNumber, formatPrice } from "~/i18n/format";
import { bundlesFor, serverT } from "~/i18n/i18n.server";
import { useNamespace } from "~/i18n/i18n-client";
import { createLocalStorage } from "~/media/storage.server";
import { isAppError } from "~/utils/app-error";
import { flashCookie } from "~/utils/flash.server";
import { pageMeta } from "~/utils/meta";
import type { Route } from "./+types/my-listings";

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
    listings: rows.map((row) => ({
      id: row.id,
      title: lang === "ar" ? row.titleAr : row.title,
      price: formatPrice(lang, row.price),
      status: row.status === "active" || row.status === "sold" ? row.status : ("inactive" as const),
      removed: row.status === "removed",
      rawStatus: row.status,
      views: formatNumber(lang, row.viewsCount),
      viewsCount: row.viewsCount,
      favorites: formatNumber(lang, row.favoritesCount),
      favoritesCount: row.favoritesCount,
      posted: formatDate(lang, row.createdAt, { year: "numeric", month: "short", day: "numeric" }),
    })),
  };
}

const STATUS_INTENTS = { sold: "sold", hide: "inactive", activate: "active" } as const;

export async function action({ request, context }: Route.ActionArgs) {
  const { db, auth, lang, env } = context;
  const member = await requireMember({ auth, db, request });
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const listingId = String(form.get("listingId") ?? "");
  const t = serverT(lang);
  if (!isListingId(listingId)) {
    return data({ error: t("errors.INVALID_LISTING_ID") }, { status: 404 });
  }
  try {
    if (intent === "delete") {
      await deleteListing({ db, storage: createLocalStorage(env.DATA_DIR), member, listingId });
      return redirect("/my-listings", {
        headers: { "Set-Cookie": flashCookie("listing-deleted") },
      });
    }
    const status = STATUS_INTENTS[intent as keyof typeof STATUS_INTENTS];
    if (!status) return data({ error: t("errors.UNEXPECTED") }, { status: 400 });
    await setListingStatus({ db, member, listingId, status });
    return redirect("/my-listings");
  } catch (error) {
    if (!isAppError(error)) throw error;
    const message =
      intent === "delete" && error.status >= 500
        ? serverT(lang, "listings")("mine.deleteFailed")
        : t(`errors.${error.code}`);
    return data({ error: message }, { status: error.status });
  }
}

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, args.loaderData?.meta),
  { name: "robots", content: "noindex" },
];

type T = (key: string, options?: Record<string, unknown>) => string;
type Row = Route.ComponentProps["loaderData"]["listings"][number];

const BADGE = {
  active: "bg-brand-50 text-brand-700 ring-brand-200",
  sold: "bg-sky-50 text-sky-800 ring-sky-200",
  inactive: "bg-slate-100 text-slate-700 ring-slate-200",
} as const;

export default function MyListingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useNamespace("listings", loaderData.translations.listings);
  if (!loaderData.signedIn) {
    return (
      <main
        id="main"
        className="mx-auto flex max-w-md flex-col items-center px-4 py-20 text-center"
      >
        <span className="rounded-full bg-brand-50 p-4 text-brand-600">
          <ListChecks className="size-8" aria-hidden />
        </span>
        <h1 className="mt-5 text-2xl font-bold">{t("mine.signedOutTitle")}</h1>
        <p className="mt-2 text-muted">{t("mine.signedOutBody")}</p>
        <Link
          to="/auth?redirectTo=%2Fmy-listings"
          className={`${buttonStyles.primary} mt-6`}
          data-testid="my-listings-login"
        >
          <LogIn className="size-4 rtl:-scale-x-100" aria-hidden />
          {t("mine.logIn")}
        </Link>
      </main>
    );
  }
  const { listings, confirm } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-ink sm:text-3xl">{t("mine.title")}</h1>
        <Link to="/post-ad" className={buttonStyles.primary} data-testid="add-listing">
          <Plus className="size-4" aria-hidden />
          {t("mine.add")}
        </Link>
      </div>
      {actionData && "error" in actionData ? (
        <div className="mb-4">
          <FormAlert>{actionData.error}</FormAlert>
        </div>
      ) : null}
      {listings.length === 0 ? (
        <div
          className="rounded-2xl bg-white px-6 py-16 text-center shadow-sm ring-1 ring-line"
          data-testid="my-listings-empty"
        >
          <ListChecks className="mx-auto size-10 text-brand-600" aria-hidden />
          <h2 className="mt-4 text-lg font-semibold">{t("mine.emptyTitle")}</h2>
          <p className="mt-1 text-sm text-muted">{t("mine.emptyBody")}</p>
          <Link to="/post-ad" className={`${buttonStyles.primary} mt-6`}>
            <Plus className="size-4" aria-hidden />
            {t("mine.addFirst")}
          </Link>
        </div>
      ) : (
        <>
          <div className="hidden overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-line md:block">
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
                      <StatusBadge row={row} t={t} />
                    </td>
                    <td className="px-4 py-3">{row.views}</td>
                    <td className="px-4 py-3">{row.favorites}</td>
                    <td className="whitespace-nowrap px-4 py-3">{row.posted}</td>
                    <td className="px-4 py-3">
                      <RowActions row={row} confirming={confirm === row.id} t={t} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="space-y-4 md:hidden" data-testid="my-listings-cards">
            {listings.map((row) => (
              <li key={row.id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-line">
                <div className="flex items-start justify-between gap-3">
                  <Link
                    to={`/listing/${row.id}`}
                    className="font-semibold text-brand-700"
                    dir="auto"
                  >
                    {row.title}
                  </Link>
                  <StatusBadge row={row} t={t} />
                </div>
                <p className="mt-1 font-bold text-ink">
                  <bdi>{row.price}</bdi>
                </p>
                <p className="mt-1 text-xs text-muted">
                  {row.posted} · {t("mine.viewsCount", { count: row.viewsCount })} ·{" "}
                  {t("mine.favoritesCount", { count: row.favoritesCount })}
                </p>
                <div className="mt-3">
                  <RowActions row={row} confirming={confirm === row.id} t={t} />
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </main>
  );
}

function StatusBadge({ row, t }: { row: Row; t: T }) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${BADGE[row.status]}`}
      data-testid="status-badge"
    >
      {t(`mine.statusLabel.${row.status}`)}
    </span>
  );
}

function RowActions({ row, confirming, t }: { row: Row; confirming: boolean; t: T }) {
  const busy = useNavigation().state === "submitting";
  const small =
    "inline-flex items-center gap-1 rounded-lg px-2 py-1.5 text-xs font-semibold ring-1 ring-line hover:bg-slate-50";
  const statusForm = (intent: string, label: string, Icon: typeof Eye) => (
    <Form method="post">
      <input type="hidden" name="listingId" value={row.id} />
      <button type="submit" name="intent" value={intent} className={small} disabled={busy}>
        <Icon className="size-3.5" aria-hidden />
        {label}
      </button>
    </Form>
  );
  if (confirming) {
    return (
      <div role="alertdialog" aria-label={t("mine.confirmDelete")} className="space-y-2">
        <p className="text-xs font-semibold text-red-800">{t("mine.confirmDelete")}</p>
        <div className="flex flex-wrap gap-2">
          <Form method="post">
            <input type="hidden" name="listingId" value={row.id} />
            <button
              type="submit"
              name="intent"
              value="delete"
              disabled={busy}
              className={`${small} bg-red-600 text-white ring-red-600 hover:bg-red-700`}
            >
              <Trash2 className="size-3.5" aria-hidden />
              {t("mine.confirmYes")}
            </button>
          </Form>
          <Link to="/my-listings" replace preventScrollReset className={small}>
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
        <Eye className="size-3.5" aria-hidden />
        {t("mine.view")}
      </Link>
      <Link to={`/edit-listing/${row.id}`} className={small}>
        <Pencil className="size-3.5" aria-hidden />
        {t("mine.edit")}
      </Link>
      {row.removed ? null : (
        <>
          {row.rawStatus !== "sold" ? statusForm("sold", t("mine.markSold"), CheckCircle2) : null}
          {row.rawStatus !== "inactive" ? statusForm("hide", t("mine.hide"), EyeOff) : null}
          {row.rawStatus !== "active" ? statusForm("activate", t("mine.activate"), Eye) : null}
        </>
      )}
      <Link
        to={`?confirm=${row.id}`}
        replace
        preventScrollReset
        className={`${small} text-red-700`}
      >
        <Trash2 className="size-3.5" aria-hidden />
        {t("mine.delete")}
      </Link>
    </fieldset>
  );
}
