import { Fragment, useEffect, useRef, useState } from "react";
import { Form, Link, useLocation, useSubmit } from "react-router";
import { buttonStyles, inputStyles } from "~/components/ui/button-styles";
import { cardStyles } from "~/components/ui/card";
import { CityOptions } from "~/components/ui/city-options";
import { Icon } from "~/components/ui/icon";
import type { ListingQuery } from "~/domain/discovery/listing-query";
import { formatNumber } from "~/i18n/format";
import type { TFunction } from "~/i18n/keys";
import { useTranslation } from "~/i18n/react";
import type { FilterPanelView } from "~/views/discovery/filter-views.server";

export type FilterPanelProps = FilterPanelView & {
  query: ListingQuery;
  /** "Show 5 listings": on phones the results are above the panel, this leads back to them. */
  showText?: string | null;
};

/**
 * 10,000 → "10K", 1,500,000 → "1.5M" (spec: slider labels abbreviate to K and M); in Arabic
 * «١٠ ألف», «١٫٥ مليون», as saved searches name them, not a Latin letter after Arabic digits.
 */
export function abbreviate(value: number, lang: "en" | "ar", t: TFunction<"discovery">) {
  const digits = (n: number) => formatNumber(lang, n, { maximumFractionDigits: 1 });
  if (value >= 1_000_000) return t("filters.millions", { value: digits(value / 1_000_000) });
  if (value >= 1_000) return t("filters.thousands", { value: digits(value / 1_000) });
  return digits(value);
}

/**
 * The filters of a results page: a plain GET form, so every filter works without JavaScript
 * and lives in the address. With JavaScript a change applies itself (sliders after a pause).
 */
export function FilterPanel({
  query,
  action,
  hidden,
  clearHref,
  cities,
  subcategories,
  filters,
  price,
  lang,
  showText,
}: FilterPanelProps) {
  const { t } = useTranslation("discovery");
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // The fields are uncontrolled: they hold what the visitor chose, and an address this panel
  // made already says the same. Any other address ("Clear All", a category, Back) draws them
  // afresh from it; otherwise they would keep showing, and send again, filters no longer applied.
  const { search } = useLocation();
  const sent = useRef<string | null>(null);
  const [drawn, setDrawn] = useState({ search, epoch: 0 });
  if (drawn.search !== search) {
    setDrawn({ search, epoch: sent.current === search ? drawn.epoch : drawn.epoch + 1 });
  }
  const apply = (delay = 0) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const form = formRef.current;
      if (!form) return;
      // The address says only what filters: an empty choice or a slider at its default is left
      // out, as the server would ignore it (a form without JavaScript sends them all).
      const fields = new URLSearchParams();
      for (const element of form.elements) {
        if (!(element instanceof HTMLInputElement || element instanceof HTMLSelectElement))
          continue;
        if (!element.name || element.disabled || element.value === "") continue;
        if (element.dataset.default === element.value) continue;
        fields.append(element.name, element.value);
      }
      sent.current = fields.size > 0 ? `?${fields}` : "";
      submit(fields, { method: "get", action, preventScrollReset: true });
    }, delay);
  };
  const rangeOf = (key: string, defaults: [number, number]) => {
    const found = query.ranges.find((range) => range.key === key);
    return found ? [found.min, found.max] : defaults;
  };

  return (
    <Form
      ref={formRef}
      method="get"
      action={action}
      className={`${cardStyles} space-y-5 p-5`}
      data-testid="filter-panel"
      data-hydrated={hydrated || undefined}
      onChange={(event) => {
        const target = event.target as unknown as HTMLInputElement;
        // Changing make clears the model: the new make's models are different (spec, section 4).
        const model = event.currentTarget.elements.namedItem("model");
        if (target.name === "make" && model instanceof HTMLSelectElement) model.value = "";
        apply(target.type === "range" ? 600 : 0);
      }}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 text-lg font-semibold text-ink">
          <Icon name="sliders-horizontal" className="size-5 text-brand-700" aria-hidden="true" />
          {t("filters.title")}
        </h2>
        <Link
          to={clearHref}
          className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
          data-testid="clear-filters"
        >
          <Icon name="x" className="size-4" aria-hidden="true" />
          {t("filters.clearAll")}
        </Link>
      </div>
      {hidden.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Fragment key={drawn.epoch}>
        {subcategories.length > 0 ? (
          <Field label={t("filters.subcategory")} htmlFor="filter-sub">
            <select
              id="filter-sub"
              name="sub"
              defaultValue={query.subcategoryId ?? ""}
              className={inputStyles}
            >
              <option value="">{t("filters.allSubcategories")}</option>
              {subcategories.map((sub) => (
                <option key={sub.id} value={sub.id}>
                  {sub.name}
                </option>
              ))}
            </select>
          </Field>
        ) : null}

        <Field label={t("filters.city")} htmlFor="filter-city">
          <select id="filter-city" name="city" defaultValue={query.city} className={inputStyles}>
            <option value="">{t("filters.allCities")}</option>
            <CityOptions groups={cities} />
          </select>
        </Field>

        <RangeField
          name="Price"
          names={["minPrice", "maxPrice"]}
          label={t("filters.price")}
          min={price.min}
          max={price.max}
          step={price.step}
          value={[query.priceMin, query.priceMax]}
          defaults={[price.min, price.max]}
          format={(value) => abbreviate(value, lang, t)}
        />

        {filters.map((filter) =>
          filter.kind === "select" ? (
            <Field key={filter.key} label={filter.label} htmlFor={`filter-${filter.key}`}>
              {filter.waitsFor ? (
                // The model selector appears once a make is chosen (spec, section 4).
                <p className="text-sm text-muted" data-testid={`filter-${filter.key}-waiting`}>
                  {t("filters.chooseMakeFirst")}
                </p>
              ) : (
                <select
                  id={`filter-${filter.key}`}
                  name={filter.key}
                  defaultValue={query.exact[filter.key] ?? ""}
                  className={inputStyles}
                >
                  <option value="">{t("filters.any")}</option>
                  {filter.options.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          ) : (
            <RangeField
              key={filter.key}
              name={filter.key}
              names={[`${filter.key}Min`, `${filter.key}Max`]}
              label={filter.label}
              min={filter.min}
              max={filter.max}
              step={filter.step}
              value={
                rangeOf(filter.key, [filter.defaultMin, filter.defaultMax]) as [number, number]
              }
              defaults={[filter.defaultMin, filter.defaultMax]}
              format={(value) =>
                filter.abbreviate
                  ? abbreviate(value, lang, t)
                  : formatNumber(lang, value, { useGrouping: false })
              }
            />
          ),
        )}
      </Fragment>
      {/* With JavaScript every change applies itself; the results it found are up there. */}
      {hydrated && showText ? (
        <a
          href="#results"
          className={`${buttonStyles.primary} w-full lg:hidden`}
          data-testid="show-results"
        >
          {showText}
        </a>
      ) : null}
      <noscript>
        <button type="submit" className={`${buttonStyles.primary} w-full`}>
          {t("results.apply")}
        </button>
      </noscript>
    </Form>
  );
}

/**
 * Where a results page keeps its filter panel: under the results on phones (spec), reached by
 * "Show filters"; beside them on wide screens, held just under the sticky header as they scroll.
 */
function Field({
  label,
  htmlFor,
  children,
}: {
  label: string;
  htmlFor: string;
  children: React.ReactNode;
}) {
  return (
    <div>
      <label htmlFor={htmlFor} className="mb-1.5 block text-sm font-medium text-ink">
        {label}
      </label>
      {children}
    </div>
  );
}

/** Two sliders (from, to) with their values shown; the values submit as plain numbers. */
function RangeField({
  name,
  names,
  label,
  min,
  max,
  step,
  value,
  defaults,
  format,
}: {
  name: string;
  names: [string, string];
  label: string;
  min: number;
  max: number;
  step: number;
  value: [number, number];
  /** The values that filter nothing (left out of the address). */
  defaults: [number, number];
  format: (value: number) => string;
}) {
  const { t } = useTranslation("discovery");
  const [low, setLow] = useState(value[0]);
  const [high, setHigh] = useState(value[1]);
  const id = `filter-${name}`;
  // The two handles never cross: each stops at the other's value.
  const ends = [
    {
      suffix: "min",
      name: names[0],
      word: t("filters.from"),
      value: value[0],
      fallback: defaults[0],
      current: low,
      set: (next: number) => setLow(Math.min(next, high)),
    },
    {
      suffix: "max",
      name: names[1],
      word: t("filters.to"),
      value: value[1],
      fallback: defaults[1],
      current: high,
      set: (next: number) => setHigh(Math.max(next, low)),
    },
  ];
  return (
    <fieldset>
      <legend className="mb-1.5 block text-sm font-medium text-ink">{label}</legend>
      <p className="mb-2 flex justify-between text-sm text-muted" aria-hidden="true">
        <bdi>{format(low)}</bdi>
        <bdi>{format(high)}</bdi>
      </p>
      {ends.map((end) => (
        <Fragment key={end.suffix}>
          <label htmlFor={`${id}-${end.suffix}`} className="sr-only">
            {`${label} — ${end.word}`}
          </label>
          <input
            id={`${id}-${end.suffix}`}
            type="range"
            name={end.name}
            min={min}
            max={max}
            step={step}
            defaultValue={end.value}
            data-default={end.fallback}
            aria-valuetext={format(end.current)}
            onInput={(event) => end.set(Number(event.currentTarget.value))}
            className="w-full accent-brand-700"
          />
        </Fragment>
      ))}
    </fieldset>
  );
}
