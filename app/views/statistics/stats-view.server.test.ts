import { describe, expect, it } from "vitest";
import type { StatsSeries } from "~/domain/statistics/read-stats.server";
import { daysOf } from "~/domain/statistics/stat-days";
import { emptyCounts } from "~/domain/statistics/stat-kinds";
import { toStatsView } from "./stats-view.server";

/*
 * A statistics page's words and figures: the period links, each total's change on the period
 * before (none where there is nothing to compare with), and the table's rows newest first, in
 * the page's language and digits.
 */
function series(views: number[], before: number): StatsSeries {
  const days = daysOf(views.length, "2034-06-30").map((day, index) => ({
    day,
    counts: { ...emptyCounts(), views: views[index] ?? 0 },
  }));
  return {
    days,
    totals: { ...emptyCounts(), views: views.reduce((a, b) => a + b, 0) },
    previous: { ...emptyCounts(), views: before },
  };
}

describe("a statistics page's view", () => {
  it("says the change on the period before, and nothing without one", () => {
    const view = toStatsView("en", series([1, 2, 3, 4, 5, 6, 9], 20), 7, "/dashboard");
    const views = view.totals.find((total) => total.kind === "views");
    expect(views).toMatchObject({
      value: "30",
      change: "Up 50 % on the 7 days before",
      trend: "up",
    });
    expect(view.totals.find((total) => total.kind === "favorites")?.change).toBeNull();
    expect(view.ranges.map((range) => [range.href, range.current])).toEqual([
      ["/dashboard?days=7", true],
      ["/dashboard?days=30", false],
      ["/dashboard?days=90", false],
    ]);
    expect(view.table.rows[0]).toEqual({
      day: "Fri, Jun 30",
      values: ["9", "0", "0", "0", "0", "0"],
    });
    expect(view.table.headers[0]).toBe("Day");
  });

  it("writes Arabic with Arabic-Indic digits, a fall as a fall", () => {
    const view = toStatsView("ar", series([1, 1, 1, 1, 1, 1, 1], 14), 7, "/dashboard");
    const views = view.totals.find((total) => total.kind === "views");
    expect(views?.value).toBe("٧");
    expect(views?.trend).toBe("down");
    expect(views?.change).toContain("٥٠");
    expect(view.ranges[0]?.label).toBe("٧ أيام");
    expect(view.chart.yTicks.every((tick) => /^[٠-٩٬]+$/.test(tick.label))).toBe(true);
  });
});
