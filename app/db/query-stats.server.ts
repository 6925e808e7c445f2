import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Counts SQL statements per request so that pages can be measured (Server-Timing header,
 * request log, benchmarks) without guessing.
 */
export interface QueryStats {
  count: number;
}

export const queryStatsStorage = new AsyncLocalStorage<QueryStats>();

export function countQuery() {
  const stats = queryStatsStorage.getStore();
  if (stats) stats.count += 1;
}
