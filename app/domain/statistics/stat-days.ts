import { SYRIA_TIME_ZONE } from "~/utils/syria-time";

/*
 * Statistics count days as Damascus lives them: a view at 01:00 in Damascus on the 2nd is the
 * 2nd's, though it is still the 1st in UTC.
 */
const dayFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: SYRIA_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The day in Damascus at `at`, as YYYY-MM-DD. */
export function damascusDay(at: Date): string {
  return dayFormat.format(at);
}

/** The calendar day `days` after (or before, when negative) `day`, as YYYY-MM-DD. */
export function addDays(day: string, days: number): string {
  const at = new Date(`${day}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** The ranges a seller can look at, in days up to and including today. */
export const STATS_RANGES = [7, 30, 90] as const;
export type StatsRange = (typeof STATS_RANGES)[number];

export function statsRangeOf(value: string | null | undefined): StatsRange {
  const days = Number(value);
  return (STATS_RANGES as readonly number[]).includes(days) ? (days as StatsRange) : 30;
}

/** Every day of the `range` days ending on `today`, the oldest first. */
export function daysOf(range: number, today: string): string[] {
  return Array.from({ length: range }, (_, index) => addDays(today, index - range + 1));
}

const partsFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: SYRIA_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** How far Damascus's clock is ahead of UTC at `at`, in milliseconds. */
function offsetAt(at: Date) {
  const parts = partsFormat.formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    part("year"),
    part("month") - 1,
    part("day"),
    part("hour"),
    part("minute"),
    part("second"),
  );
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** The moment the Damascus day `day` (YYYY-MM-DD) began. */
export function damascusDayStart(day: string): Date {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  return new Date(utcMidnight - offsetAt(new Date(utcMidnight)));
}
