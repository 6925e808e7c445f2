import type { ReactNode } from "react";
import { Link } from "react-router";
import { Card, cardStyles } from "~/components/ui/card";
import { useTranslation } from "~/i18n/react";
import type { StatsView } from "~/views/statistics/stats-view.server";

/*
 * A statistics page's body (issue 32): the period links, each figure's total with its change, the
 * chart and its table. Everything comes drawn and formatted from the server; the component only
 * places it, so the page costs no charting code and works without JavaScript.
 */

export function StatsPanel({ stats, idPrefix }: { stats: StatsView; idPrefix: string }) {
  const { t } = useTranslation("statistics");
  return (
    <div className="space-y-6">
      <nav aria-label={t("rangeLabel")} className="flex flex-wrap gap-2" data-testid="stats-ranges">
        {stats.ranges.map((range) => (
          <Link
            key={range.days}
            to={range.href}
            preventScrollReset
            aria-current={range.current ? "page" : undefined}
            className={`rounded-full px-3 py-1.5 text-sm font-semibold ring-1 ${
              range.current
                ? "bg-brand-700 text-white ring-brand-700"
                : "bg-white text-ink ring-line hover:bg-slate-50"
            }`}
          >
            {range.label}
          </Link>
        ))}
      </nav>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-3" data-testid="stats-totals">
        {stats.totals.map((total) => (
          <Card as="li" key={total.kind} className="p-4">
            <p className="text-sm text-muted">{total.label}</p>
            <p className="mt-1 text-2xl font-bold text-ink" data-testid={`total-${total.kind}`}>
              {total.value}
            </p>
            {total.change ? (
              <p
                className={`mt-1 text-xs ${
                  total.trend === "up"
                    ? "text-emerald-800"
                    : total.trend === "down"
                      ? "text-red-800"
                      : "text-muted"
                }`}
              >
                {total.change}
              </p>
            ) : null}
          </Card>
        ))}
      </ul>
      <Card as="section" className="p-4 sm:p-6">
        <h2 id={`${idPrefix}-chart-title`} className="text-lg font-bold">
          {t("chart.title")}
        </h2>
        <StatsChart chart={stats.chart} labelledBy={`${idPrefix}-chart-title`} />
        <details className="mt-4">
          <summary className="cursor-pointer text-sm font-semibold text-brand-700">
            {t("table.show")}
          </summary>
          {/* Scrolls on its own: reachable by keyboard, named for screen readers. */}
          <section
            className={`${cardStyles} mt-3 max-h-96 overflow-auto`}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable
            tabIndex={0}
            aria-label={stats.table.caption}
          >
            <FiguresTable
              caption={stats.table.caption}
              headers={stats.table.headers}
              rows={stats.table.rows.map((row) => ({
                key: row.day,
                head: row.day,
                cells: row.values,
              }))}
              testId="stats-table"
            />
          </section>
        </details>
      </Card>
    </div>
  );
}

function StatsChart({ chart, labelledBy }: { chart: StatsView["chart"]; labelledBy: string }) {
  return (
    <figure className="mt-3">
      <svg
        viewBox={`0 0 ${chart.width} ${chart.height}`}
        role="img"
        aria-labelledby={labelledBy}
        aria-describedby={`${labelledBy}-desc`}
        className="h-auto w-full max-w-2xl text-[12px]"
        // Positions are computed for this direction; the text inside keeps its own.
        direction="ltr"
        data-testid="stats-chart"
      >
        <desc id={`${labelledBy}-desc`}>{chart.label}</desc>
        {chart.yTicks.map((tick) => (
          <g key={tick.y}>
            <line
              x1={chart.baseline.x1}
              x2={chart.baseline.x2}
              y1={tick.y}
              y2={tick.y}
              className="stroke-slate-200"
            />
            <text
              x={chart.yLabelX}
              y={tick.y}
              dy="0.32em"
              textAnchor={chart.yAnchor}
              className="fill-slate-600"
            >
              {tick.label}
            </text>
          </g>
        ))}
        {chart.bars.map((bar) => (
          <rect
            key={bar.x}
            x={bar.x}
            y={bar.y}
            width={bar.width}
            height={bar.height}
            rx={1}
            className="fill-brand-600"
          >
            <title>{bar.title}</title>
          </rect>
        ))}
        {chart.contactsPath ? (
          <path
            d={chart.contactsPath}
            fill="none"
            strokeWidth={2}
            className="stroke-amber-600"
            data-testid="contacts-line"
          />
        ) : null}
        <line
          x1={chart.baseline.x1}
          x2={chart.baseline.x2}
          y1={chart.baseline.y}
          y2={chart.baseline.y}
          className="stroke-slate-400"
        />
        {chart.xTicks.map((tick) => (
          <text
            key={tick.x}
            x={tick.x}
            y={chart.height - 8}
            textAnchor={tick.anchor}
            className="fill-slate-600"
          >
            {tick.label}
          </text>
        ))}
      </svg>
      <figcaption className="mt-2 flex flex-wrap gap-4 text-xs text-muted">
        <span className="inline-flex items-center gap-1.5">
          <span className="inline-block size-3 rounded-sm bg-brand-600" aria-hidden />
          {chart.legend.views}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="inline-block h-0.5 w-4 bg-amber-600" aria-hidden />
          {chart.legend.contacts}
        </span>
      </figcaption>
    </figure>
  );
}

/**
 * A table of figures: a header row, then one row per day or listing — its heading cell (a day, a
 * listing's link) and its figures. The statistics' table and the dashboard's listings use it.
 */
export function FiguresTable({
  caption,
  headers,
  rows,
  testId,
}: {
  caption?: string;
  headers: string[];
  rows: { key: string; head: ReactNode; cells: string[] }[];
  testId: string;
}) {
  return (
    <table className="w-full text-sm" data-testid={testId}>
      {caption ? <caption className="sr-only">{caption}</caption> : null}
      <thead className="sticky top-0 bg-slate-50 text-xs text-muted">
        <tr>
          {headers.map((header) => (
            <th key={header} scope="col" className="px-3 py-2 text-start font-semibold">
              {header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-line">
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row" className="max-w-xs px-3 py-2 text-start font-normal">
              {row.head}
            </th>
            {row.cells.map((cell, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
              <td key={index} className="whitespace-nowrap px-3 py-2">
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
