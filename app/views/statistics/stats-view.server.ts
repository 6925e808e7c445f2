import type { StatsSeries } from "~/domain/statistics/read-stats.server";
import { STATS_RANGES, type StatsRange } from "~/domain/statistics/stat-days";
import { STAT_KINDS, type StatKind } from "~/domain/statistics/stat-kinds";
import type { Lang } from "~/i18n/config";
import { formatNumber } from "~/i18n/format";
import { serverT } from "~/i18n/i18n.server";
import { type ChartView, dayLabel, toChartView } from "./stats-chart.server";

export interface StatsTotal {
  kind: StatKind;
  label: string;
  value: string;
  /** "+12 % on the 30 days before", or null when there is nothing to compare with. */
  change: string | null;
  trend: "up" | "down" | "same" | null;
}

export interface StatsView {
  range: StatsRange;
  /** The range links (7, 30, 90 days), the chosen one marked. */
  ranges: { days: StatsRange; label: string; href: string; current: boolean }[];
  totals: StatsTotal[];
  chart: ChartView;
  table: {
    caption: string;
    headers: string[];
    /** The newest day first, every figure in the page's digits. */
    rows: { day: string; values: string[] }[];
  };
}

function changeOf(lang: Lang, now: number, before: number, range: StatsRange) {
  const t = serverT(lang, "statistics");
  if (before === 0) return { change: null, trend: null };
  const percent = Math.round(((now - before) / before) * 100);
  const formatted = formatNumber(lang, Math.abs(percent));
  const days = formatNumber(lang, range);
  if (percent === 0) return { change: t("change.same", { days }), trend: "same" as const };
  return percent > 0
    ? { change: t("change.up", { percent: formatted, days }), trend: "up" as const }
    : { change: t("change.down", { percent: formatted, days }), trend: "down" as const };
}

/** A statistics page's figures, chart and table in the page's language. */
export function toStatsView(
  lang: Lang,
  series: StatsSeries,
  range: StatsRange,
  path: string,
): StatsView {
  const t = serverT(lang, "statistics");
  return {
    range,
    ranges: STATS_RANGES.map((days) => ({
      days,
      label: t("range", { count: days, formatted: formatNumber(lang, days) }),
      href: `${path}?days=${days}`,
      current: days === range,
    })),
    totals: STAT_KINDS.map((kind) => ({
      kind,
      label: t(`kinds.${kind}`),
      value: formatNumber(lang, series.totals[kind]),
      ...changeOf(lang, series.totals[kind], series.previous[kind], range),
    })),
    chart: toChartView(lang, series.days),
    table: {
      caption: t("table.caption", { count: range, formatted: formatNumber(lang, range) }),
      headers: [t("table.day"), ...STAT_KINDS.map((kind) => t(`kinds.${kind}`))],
      rows: [...series.days].reverse().map((day) => ({
        day: dayLabel(lang, day.day, { weekday: "short" }),
        values: STAT_KINDS.map((kind) => formatNumber(lang, day.counts[kind])),
      })),
    },
  };
}
