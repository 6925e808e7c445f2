import { scaleBand, scaleLinear } from "d3-scale";
import { curveMonotoneX, line } from "d3-shape";
import type { StatsDay } from "~/domain/statistics/read-stats.server";
import type { Lang } from "~/i18n/config";
import { formatDate, formatNumber } from "~/i18n/format";
import { serverT } from "~/i18n/i18n.server";

/*
 * A statistics chart drawn on the server (issue 32): the page gets finished SVG geometry — bar
 * rectangles, a path, tick positions and labels in the page's digits — and no charting code.
 * d3-scale and d3-shape run here only. In Arabic the time axis runs right to left (the newest day
 * on the left) and the value axis stands on the right.
 */

/** The drawing's own units; the SVG scales to its box, its text with it. */
export const CHART_WIDTH = 480;
export const CHART_HEIGHT = 220;
const MARGIN = { top: 12, bottom: 28, inner: 8, axis: 36 };

export interface ChartView {
  width: number;
  height: number;
  /** What the chart shows, for screen readers (role="img"); the table holds every figure. */
  label: string;
  bars: { x: number; y: number; width: number; height: number; title: string }[];
  /** The contacts' line (phone, WhatsApp and messages), or null when there were none. */
  contactsPath: string | null;
  /** The time axis's labels; the outermost ones lean inwards so that none is cut at an edge. */
  xTicks: { x: number; label: string; anchor: "start" | "middle" | "end" }[];
  yTicks: { y: number; label: string }[];
  /** Where the value axis's labels stand and which way they align. */
  yLabelX: number;
  yAnchor: "start" | "end";
  baseline: { x1: number; x2: number; y: number };
  legend: { views: string; contacts: string };
}

export function contactsOf(counts: StatsDay["counts"]) {
  return counts.phoneReveals + counts.whatsappTaps + counts.conversations;
}

/** The day's label: "3 Dec" / «٣ كانون الأول», read as the calendar day it names. */
export function dayLabel(lang: Lang, day: string, options: Intl.DateTimeFormatOptions = {}) {
  return formatDate(lang, `${day}T12:00:00Z`, {
    day: "numeric",
    month: "short",
    timeZone: "UTC",
    ...options,
  });
}

/** How many days apart the time axis's labels are, for about six of them. */
function tickEvery(days: number) {
  if (days <= 7) return 1;
  if (days <= 31) return 7;
  return 15;
}

/**
 * An axis label: "Nov 23" in English; in Arabic the day and month as numbers («٢٣/١١»), since
 * the Syrian month names («تشرين الثاني») are too long to stand side by side on a phone.
 */
function tickLabel(lang: Lang, day: string) {
  return lang === "ar" ? dayLabel(lang, day, { month: "numeric" }) : dayLabel(lang, day);
}

export function toChartView(lang: Lang, days: StatsDay[]): ChartView {
  const t = serverT(lang, "statistics");
  const rtl = lang === "ar";
  const plotStart = rtl ? MARGIN.inner : MARGIN.axis;
  const plotEnd = CHART_WIDTH - (rtl ? MARGIN.axis : MARGIN.inner);
  const x = scaleBand<string>()
    .domain(days.map((day) => day.day))
    // Arabic reads the time from right to left: the oldest day on the right.
    .range(rtl ? [plotEnd, plotStart] : [plotStart, plotEnd])
    .paddingInner(days.length > 31 ? 0.15 : 0.3)
    .paddingOuter(0.1);
  const peak = Math.max(
    1,
    ...days.map((day) => Math.max(day.counts.views, contactsOf(day.counts))),
  );
  const y = scaleLinear()
    .domain([0, peak])
    .nice(4)
    .range([CHART_HEIGHT - MARGIN.bottom, MARGIN.top]);
  const bandwidth = x.bandwidth();
  // A band's left edge, whichever way the range runs.
  const position = (day: string) => x(day) ?? 0;
  const round = (value: number) => Math.round(value * 10) / 10;

  const bars = days.map((day) => {
    const top = y(day.counts.views);
    return {
      x: round(position(day.day)),
      y: round(top),
      width: round(Math.max(1, bandwidth)),
      height: round(y(0) - top),
      title: t("chart.barTitle", {
        day: dayLabel(lang, day.day),
        count: day.counts.views,
        formatted: formatNumber(lang, day.counts.views),
      }),
    };
  });
  const anyContacts = days.some((day) => contactsOf(day.counts) > 0);
  const contactsPath = anyContacts
    ? line<StatsDay>()
        .x((day) => round(position(day.day) + bandwidth / 2))
        .y((day) => round(y(contactsOf(day.counts))))
        .curve(curveMonotoneX)(days)
    : null;
  const every = tickEvery(days.length);
  const newest = days.length - 1;
  const xTicks = days
    // Counted back from today, so the newest day always has its label.
    .filter((_, index) => (newest - index) % every === 0)
    .map((day) => {
      const x = round(position(day.day) + bandwidth / 2);
      const anchor: "start" | "middle" | "end" =
        x - plotStart < 24 ? "start" : plotEnd - x < 24 ? "end" : "middle";
      return { x, label: tickLabel(lang, day.day), anchor };
    });
  // Whole numbers only: a day has 1 view, never 0.2 (a small peak would otherwise tick by fifths).
  const yTicks = y
    .ticks(4)
    .filter(Number.isInteger)
    .map((value) => ({
      y: round(y(value)),
      label: formatNumber(lang, value),
    }));
  const totalViews = days.reduce((sum, day) => sum + day.counts.views, 0);
  const totalContacts = days.reduce((sum, day) => sum + contactsOf(day.counts), 0);
  return {
    width: CHART_WIDTH,
    height: CHART_HEIGHT,
    label: t("chart.label", {
      count: days.length,
      formatted: formatNumber(lang, days.length),
      views: formatNumber(lang, totalViews),
      contacts: formatNumber(lang, totalContacts),
    }),
    bars,
    contactsPath,
    xTicks,
    yTicks: yTicks.filter((tick) => Number.isFinite(tick.y)),
    yLabelX: rtl ? CHART_WIDTH - MARGIN.axis + 4 : MARGIN.axis - 4,
    yAnchor: rtl ? "start" : "end",
    baseline: { x1: plotStart, x2: plotEnd, y: round(y(0)) },
    legend: { views: t("kinds.views"), contacts: t("chart.contacts") },
  };
}
