import { Suspense } from "react";
import { data, Link, redirect } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { EmptyCard } from "~/components/ui/card";
import { FormAlert } from "~/components/ui/field";
import { Icon } from "~/components/ui/icon";
import { onDemand } from "~/components/ui/on-demand";
import { requireMember } from "~/domain/accounts/session.server";
import { deleteSavedSearch } from "~/domain/saved-searches/delete-saved-search.server";
import { listSavedSearches } from "~/domain/saved-searches/list-saved-searches.server";
import { renameSavedSearch } from "~/domain/saved-searches/rename-saved-search.server";
import { saveSearch } from "~/domain/saved-searches/save-search.server";
import { SAVED_SEARCH_LIMIT } from "~/domain/saved-searches/saved-searches-limits";
import {
  cadenceSchema,
  deleteSavedSearchSchema,
  isSavedSearchId,
  renameSavedSearchSchema,
  saveSearchSchema,
} from "~/domain/saved-searches/saved-searches-schemas";
import { setSavedSearchCadence } from "~/domain/saved-searches/set-saved-search-cadence.server";
import { formatNumber } from "~/i18n/format";
import { bundlesFor, serverT } from "~/i18n/i18n.server";
import { useNamespace } from "~/i18n/react";
import { failedForm, invalidForm, parseForm, withActionHeaders } from "~/utils/form.server";
import { readFormData } from "~/utils/form-data.server";
import { isFormReply } from "~/utils/form-reply";
import { noindexPageMeta } from "~/utils/meta";
import type { RouteHandle } from "~/utils/route-handle";
import { savedSearchViews } from "~/views/discovery/saved-search-views.server";
import type { Route } from "./+types/saved-searches";

export const handle: RouteHandle = { personal: true, writes: "own" };

// The rows and their forms (with Conform) are fetched after the page is drawn; the server draws
// them in place, and until their code arrives they are plain forms the action answers.
const SavedSearchList = onDemand(
  () => import("~/components/discovery/saved-search-list").then((m) => m.SavedSearchList),
  { prefetch: true },
);

/** What the last action did, shown once above the list (?done=…, after the redirect). */
const NOTICES = ["saved", "renamed", "cadence", "deleted"] as const;
type Notice = (typeof NOTICES)[number];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, auth, lang } = context;
  const member = await requireMember({ auth, db, request });
  const params = new URL(request.url).searchParams;
  const done = params.get("done");
  const notice = NOTICES.includes(done as Notice) ? (done as Notice) : null;
  const saved = params.get("id");
  const rows = await listSavedSearches({ db, member });
  const t = serverT(lang, "savedSearches");
  return {
    translations: bundlesFor(lang, ["savedSearches"]),
    rows: savedSearchViews(lang, rows, notice === "saved" && isSavedSearchId(saved) ? saved : null),
    notice,
    countText:
      rows.length > 0
        ? t("page.count", {
            count: rows.length,
            formatted: formatNumber(lang, rows.length),
            limit: formatNumber(lang, SAVED_SEARCH_LIMIT),
          })
        : "",
    meta: { title: t("meta.title"), description: t("meta.description") },
  };
}

/** After a change, the list again (a reload does not send the form twice), with its notice. */
function done(notice: Notice, id?: string) {
  return redirect(`/saved-searches?done=${notice}${id ? `&id=${id}` : ""}`);
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, auth, lang } = context;
  const member = await requireMember({ auth, db, request });
  const form = await readFormData(request, lang);
  const intent = String(form.get("intent") ?? "");

  // From a results page ("Save this search"): a refusal is shown above this page's list.
  if (intent === "save") {
    const submission = parseForm(lang, form, saveSearchSchema);
    if (submission.status !== "success") return invalidForm(submission);
    try {
      const { id } = await saveSearch({ db, member, query: submission.value.query });
      return done("saved", id);
    } catch (error) {
      return failedForm(lang, submission, error);
    }
  }

  if (intent === "rename") {
    const submission = parseForm(lang, form, renameSavedSearchSchema);
    if (submission.status !== "success") return invalidForm(submission);
    try {
      await renameSavedSearch({ db, member, ...submission.value });
      return done("renamed");
    } catch (error) {
      return failedForm(lang, submission, error);
    }
  }

  if (intent === "cadence") {
    const submission = parseForm(lang, form, cadenceSchema);
    if (submission.status !== "success") return invalidForm(submission);
    try {
      await setSavedSearchCadence({ db, member, ...submission.value });
      return done("cadence");
    } catch (error) {
      return failedForm(lang, submission, error);
    }
  }

  if (intent === "delete") {
    const submission = parseForm(lang, form, deleteSavedSearchSchema);
    if (submission.status !== "success") return invalidForm(submission);
    try {
      await deleteSavedSearch({ db, member, id: submission.value.id });
      return done("deleted");
    } catch (error) {
      return failedForm(lang, submission, error);
    }
  }

  throw data(null, { status: 400 });
}

export const headers: Route.HeadersFunction = withActionHeaders;

export const meta: Route.MetaFunction = noindexPageMeta;

/**
 * The messages of a reply that no row's form will show: a save refused (sent from a results
 * page), or a change to a saved search that is not in the list (gone, another member's, an id
 * that was never one).
 */
function pageErrors(
  actionData: unknown,
  rows: readonly { id: string }[],
): { save: boolean; messages: string[] } {
  if (!isFormReply(actionData) || actionData.status !== "error")
    return { save: false, messages: [] };
  const value = actionData.initialValue;
  const save = value?.intent === "save";
  if (!save && rows.some((row) => row.id === value?.id)) return { save, messages: [] };
  return { save, messages: Object.values(actionData.error ?? {}).flatMap((m) => m ?? []) };
}

export default function SavedSearchesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useNamespace("savedSearches", loaderData.translations.savedSearches);
  const { rows, notice } = loaderData;
  const errors = pageErrors(actionData, rows);
  const noticeTitle = {
    saved: t("page.saved"),
    renamed: t("page.renamed"),
    cadence: t("page.cadenceSaved"),
    deleted: t("page.deleted"),
  };
  return (
    <main
      id="main"
      className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12"
      data-testid="saved-searches-page"
    >
      <h1 className="flex items-center gap-2 text-2xl font-bold text-ink">
        <Icon name="bell-ring" className="size-6 text-brand-600" aria-hidden="true" />
        {t("page.title")}
      </h1>
      <p className="mt-1 text-sm text-muted">{t("page.intro")}</p>
      {loaderData.countText ? (
        <p className="mt-2 text-sm font-medium text-ink" data-testid="saved-searches-count">
          {loaderData.countText}
        </p>
      ) : null}
      <div className="mt-4 space-y-3" data-testid="saved-searches-notice">
        {errors.messages.length > 0 ? (
          <FormAlert title={errors.save ? t("page.notSaved") : undefined}>
            {errors.messages[0]}
          </FormAlert>
        ) : null}
        {notice && errors.messages.length === 0 ? (
          <FormAlert tone="success" title={noticeTitle[notice]}>
            {notice === "saved" ? t("page.savedBody") : null}
          </FormAlert>
        ) : null}
      </div>
      {rows.length === 0 ? (
        <EmptyCard
          icon="search"
          title={t("page.emptyTitle")}
          body={t("page.emptyBody")}
          className="mt-6 py-14"
          testId="saved-searches-empty"
        >
          <Link to="/search" className={`${buttonStyles.primary} mt-6`}>
            {t("page.browse")}
          </Link>
        </EmptyCard>
      ) : (
        <div className="mt-6">
          <Suspense>
            <SavedSearchList rows={rows} actionData={actionData} />
          </Suspense>
        </div>
      )}
    </main>
  );
}
