/**
 * The time zone a Syrian reader lives in: server-written times, the days statistics count and
 * the hour alerts go out are Damascus's. Syria keeps UTC+3 all year since 2022; the time zone
 * database knows that and the earlier summer times, so no offset is written anywhere.
 */
export const SYRIA_TIME_ZONE = "Asia/Damascus";
