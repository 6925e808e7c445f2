import { Form, Link, useNavigation } from "react-router";
import { buttonStyles, inputStyles } from "~/components/ui/button-styles";
import { cardShape } from "~/components/ui/card";
import { FormAlert } from "~/components/ui/field";
import { fieldProps, useValidatedForm } from "~/components/ui/form";
import { Icon } from "~/components/ui/icon";
import { CADENCES, SAVED_SEARCH_NAME_MAX } from "~/domain/saved-searches/saved-searches-limits";
import { useTranslation } from "~/i18n/react";
import { type FormReply, isFormReply } from "~/utils/form-reply";
import type { SavedSearchView } from "~/views/discovery/saved-search-views.server";

/*
 * The rows of /saved-searches with their forms: rename, alerts, delete (the page fetches this
 * module after it is drawn; its forms are checked in the browser by the schemas their action
 * parses, and work as plain forms until then and without JavaScript).
 */

const schemas = () => import("~/domain/saved-searches/saved-searches-schemas");
const renameSchema = () => schemas().then((m) => m.renameSavedSearchSchema);
const cadenceSchema = () => schemas().then((m) => m.cadenceSchema);
const deleteSchema = () => schemas().then((m) => m.deleteSavedSearchSchema);

/** The reply meant for one row's form: the same intent, about the same saved search. */
function replyOf(actionData: unknown, intent: string, id: string): FormReply | undefined {
  if (!isFormReply(actionData)) return undefined;
  const value = actionData.initialValue;
  return value?.intent === intent && value?.id === id ? actionData : undefined;
}

export function SavedSearchList({
  rows,
  actionData,
}: {
  rows: SavedSearchView[];
  actionData: unknown;
}) {
  const { t } = useTranslation("savedSearches");
  return (
    <ul className="space-y-4" aria-label={t("page.list")} data-testid="saved-searches">
      {rows.map((row) => (
        <SavedSearchItem key={row.id} row={row} actionData={actionData} />
      ))}
    </ul>
  );
}

function SavedSearchItem({ row, actionData }: { row: SavedSearchView; actionData: unknown }) {
  const { t } = useTranslation("savedSearches");
  const navigation = useNavigation();
  const sending =
    navigation.state === "submitting" && navigation.formData?.get("id") === row.id
      ? String(navigation.formData.get("intent") ?? "")
      : "";
  return (
    <li
      className={`${cardShape} p-4 sm:p-5 ${row.fresh ? "ring-brand-500" : "ring-line"}`}
      data-testid="saved-search"
      data-id={row.id}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <h2
            className="break-words text-lg font-semibold text-ink"
            dir="auto"
            data-testid="saved-search-name"
          >
            {row.name}
          </h2>
          {row.description ? (
            <p className="mt-0.5 break-words text-sm text-muted">
              {t("page.fromSearch", { name: row.description })}
            </p>
          ) : null}
          <p className="mt-1 text-xs text-muted">{row.savedOnText}</p>
        </div>
        <Link
          to={row.href}
          className={`${buttonStyles.primary} text-sm`}
          data-testid="saved-search-open"
        >
          {t("page.open")}
          <Icon name="arrow-right" className="size-4 rtl:-scale-x-100" aria-hidden="true" />
        </Link>
      </div>
      <p
        className={`mt-3 inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-sm font-medium ${row.hasNew ? "bg-brand-50 text-brand-800 ring-1 ring-brand-200" : "text-muted"}`}
        data-testid="saved-search-new"
      >
        <Icon name="bell" className="size-3.5" aria-hidden="true" />
        {row.newText}
      </p>
      <div className="mt-4 grid gap-4 border-t border-line pt-4 md:grid-cols-[1fr_auto_auto] md:items-end">
        <RenameForm
          row={row}
          lastResult={replyOf(actionData, "rename", row.id)}
          busy={sending === "rename"}
        />
        <CadenceForm
          row={row}
          lastResult={replyOf(actionData, "cadence", row.id)}
          busy={sending === "cadence"}
        />
        <DeleteForm
          row={row}
          lastResult={replyOf(actionData, "delete", row.id)}
          busy={sending === "delete"}
        />
      </div>
    </li>
  );
}

interface RowFormProps {
  row: SavedSearchView;
  lastResult: FormReply | undefined;
  busy: boolean;
}

function RenameForm({ row, lastResult, busy }: RowFormProps) {
  const { t } = useTranslation("savedSearches");
  const { form, fields, formProps } = useValidatedForm({
    name: "saved-search-rename",
    schema: renameSchema,
    lastResult,
    id: `rename-${row.id}`,
    defaultValue: { name: row.name },
  });
  const name = fieldProps(fields.name);
  const inputId = `name-${row.id}`;
  return (
    <Form method="post" {...formProps} data-testid="rename-form" className="min-w-0">
      <input type="hidden" name="intent" value="rename" />
      <input type="hidden" name="id" value={row.id} />
      {form.errors?.length ? <FormAlert>{form.errors[0]}</FormAlert> : null}
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-ink">
        {t("rename.label")}
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          name={name.name}
          defaultValue={name.defaultValue ?? row.name}
          required
          maxLength={SAVED_SEARCH_NAME_MAX}
          dir="auto"
          aria-invalid={name.error ? true : undefined}
          aria-describedby={name.error ? `${inputId}-error` : undefined}
          className={`${inputStyles} min-w-0 flex-1`}
        />
        <button
          type="submit"
          className={`${buttonStyles.secondary} shrink-0 text-sm`}
          disabled={busy}
        >
          {busy ? t("rename.saving") : t("rename.submit")}
        </button>
      </div>
      {name.error ? (
        <p id={`${inputId}-error`} className="mt-1.5 text-sm text-red-600" role="alert">
          {name.error}
        </p>
      ) : null}
    </Form>
  );
}

function CadenceForm({ row, lastResult, busy }: RowFormProps) {
  const { t } = useTranslation("savedSearches");
  const { form, fields, formProps } = useValidatedForm({
    name: "saved-search-cadence",
    schema: cadenceSchema,
    lastResult,
    id: `cadence-${row.id}`,
    defaultValue: { cadence: row.cadence },
  });
  const cadence = fieldProps(fields.cadence);
  const selectId = `cadence-${row.id}-select`;
  return (
    <Form method="post" {...formProps} data-testid="cadence-form">
      <input type="hidden" name="intent" value="cadence" />
      <input type="hidden" name="id" value={row.id} />
      {form.errors?.length ? <FormAlert>{form.errors[0]}</FormAlert> : null}
      <label htmlFor={selectId} className="mb-1.5 block text-sm font-medium text-ink">
        {t("cadence.label")}
      </label>
      <div className="flex gap-2">
        <select
          id={selectId}
          name={cadence.name}
          defaultValue={cadence.defaultValue ?? row.cadence}
          aria-invalid={cadence.error ? true : undefined}
          aria-describedby={cadence.error ? `${selectId}-error` : undefined}
          className={`${inputStyles} w-auto`}
        >
          {CADENCES.map((value) => (
            <option key={value} value={value}>
              {t(`cadence.${value}`)}
            </option>
          ))}
        </select>
        <button
          type="submit"
          className={`${buttonStyles.secondary} shrink-0 text-sm`}
          disabled={busy}
        >
          {busy ? t("cadence.saving") : t("cadence.submit")}
        </button>
      </div>
      {cadence.error ? (
        <p id={`${selectId}-error`} className="mt-1.5 text-sm text-red-600" role="alert">
          {cadence.error}
        </p>
      ) : null}
    </Form>
  );
}

function DeleteForm({ row, lastResult, busy }: RowFormProps) {
  const { t } = useTranslation("savedSearches");
  const { form, formProps } = useValidatedForm({
    name: "saved-search-delete",
    schema: deleteSchema,
    lastResult,
    id: `delete-${row.id}`,
  });
  return (
    <Form method="post" {...formProps} data-testid="delete-form">
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={row.id} />
      {form.errors?.length ? <FormAlert>{form.errors[0]}</FormAlert> : null}
      <button
        type="submit"
        className={`${buttonStyles.ghost} text-sm text-red-700`}
        disabled={busy}
        aria-label={t("remove.label", { name: row.name })}
      >
        <Icon name="trash" className="size-4" aria-hidden="true" />
        {busy ? t("remove.deleting") : t("remove.submit")}
      </button>
    </Form>
  );
}
