/**
 * Bytes of media this process has written, for the operator's metrics (server/metrics.ts reads
 * it at each scrape). Kept on globalThis under a registry symbol, not in a module variable: the
 * server's own modules and the app's built bundle may each load a copy of this file, and both
 * must count into the same total.
 */
interface MediaUsage {
  bytesWritten: number;
}

const KEY = Symbol.for("souqna.media-usage");
const store = globalThis as typeof globalThis & { [KEY]?: MediaUsage };
store[KEY] ??= { bytesWritten: 0 };
const usage: MediaUsage = store[KEY];

export function countMediaBytesWritten(bytes: number) {
  usage.bytesWritten += bytes;
}

export function mediaBytesWritten() {
  return usage.bytesWritten;
}
