/** What a listing's statistics count, each a column of listing_daily_stats. */
export const STAT_KINDS = [
  "views",
  "impressions",
  "favorites",
  "phoneReveals",
  "whatsappTaps",
  "conversations",
] as const;
export type StatKind = (typeof STAT_KINDS)[number];

export type StatCounts = Record<StatKind, number>;

export function emptyCounts(): StatCounts {
  return {
    views: 0,
    impressions: 0,
    favorites: 0,
    phoneReveals: 0,
    whatsappTaps: 0,
    conversations: 0,
  };
}

export function isStatKind(value: unknown): value is StatKind {
  return typeof value === "string" && (STAT_KINDS as readonly string[]).includes(value);
}
