import { inputStyles } from "~/components/ui/button-styles";
import { Control } from "~/components/ui/field";
import { useTranslation } from "~/i18n/react";
import { DETAIL_PREFIX, type FieldView } from "~/views/listing/listing-form-view";

/** One of the chosen category's fields (`detail.<key>`): a select, or a text or number input. */
export function DetailField({
  field,
  value,
  error,
  onParentChange,
  state = "idle",
}: {
  field: FieldView;
  value: string;
  error?: string;
  onParentChange?: () => void;
  /** A dependent select (the model) says "Loading..." or "Error loading" while its list comes. */
  state?: "idle" | "loading" | "error";
}) {
  const { t } = useTranslation("listings");
  const label = field.unit ? `${field.label} (${field.unit})` : field.label;
  const name = `${DETAIL_PREFIX}${field.key}`;
  const control = {
    name,
    id: `field-${name.replace(/\W/g, "-")}`,
    label,
    error,
    markRequired: field.required,
  };
  if (field.type !== "select") {
    return (
      <Control {...control}>
        {(props) => (
          <input
            {...props}
            type="text"
            defaultValue={value}
            inputMode={field.type === "number" ? "decimal" : undefined}
            dir={field.type === "number" ? "ltr" : "auto"}
            className={inputStyles}
          />
        )}
      </Control>
    );
  }
  const waiting = field.waitsFor !== null || state !== "idle";
  const placeholder =
    state === "loading"
      ? t("form.loadingOptions")
      : state === "error"
        ? t("form.errorLoading")
        : field.waitsFor !== null
          ? t("form.selectMakeFirst")
          : t("form.choose");
  return (
    <Control {...control}>
      {(props) => (
        <select
          {...props}
          defaultValue={waiting ? "" : value}
          disabled={waiting}
          className={inputStyles}
          onChange={onParentChange}
        >
          <option value="">{placeholder}</option>
          {(state === "idle" ? field.options : []).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Control>
  );
}
