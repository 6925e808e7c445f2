import { describe, expect, it } from "vitest";
import type { LiveData } from "~/views/messaging/message-types";
import { backoffDelay, createLiveConnection } from "./live-client";

/** A stand-in for the browser's EventSource that a test drives by hand. */
class FakeSource {
  static all: FakeSource[] = [];
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  listeners = new Map<string, ((event: { data: string }) => void)[]>();
  constructor(readonly url: string) {
    FakeSource.all.push(this);
  }
  addEventListener(type: string, fn: (event: { data: string }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown) {
    for (const fn of this.listeners.get(type) ?? []) fn({ data: JSON.stringify(data) });
  }
}

function setup() {
  FakeSource.all = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const connection = createLiveConnection({
    url: "/api/messages/stream",
    createSource: (url) => new FakeSource(url) as unknown as EventSource,
    schedule: (fn, ms) => {
      timers.push({ fn, ms });
      return timers.length as unknown as ReturnType<typeof setTimeout>;
    },
    cancel: () => {},
  });
  const runTimer = () => timers.shift()?.fn();
  return { connection, timers, runTimer, latest: () => FakeSource.all.at(-1) };
}

describe("the live connection", () => {
  it("backs off exponentially with jitter, capped at 30 seconds", () => {
    const middle = () => 0.5;
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((n) => backoffDelay(n, middle))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
    expect(backoffDelay(0, () => 0)).toBe(800);
    expect(backoffDelay(0, () => 1)).toBe(1200);
  });

  it("opens with the first listener, shares one stream and closes with the last", () => {
    const { connection, latest } = setup();
    const a: LiveData[] = [];
    const b: LiveData[] = [];
    const stopA = connection.subscribe((d) => a.push(d));
    const stopB = connection.subscribe((d) => b.push(d));
    expect(FakeSource.all).toHaveLength(1);
    latest()?.onopen?.();
    latest()?.emit("unread", { unread: { count: 2, formatted: "2" } });
    expect(a).toEqual([{ type: "unread", unread: { count: 2, formatted: "2" } }]);
    expect(b).toEqual(a);
    stopA();
    expect(latest()?.closed).toBe(false);
    stopB();
    expect(latest()?.closed).toBe(true);
  });

  it("reconnects after errors with growing delays, then asks pages to resync", () => {
    const { connection, timers, runTimer, latest } = setup();
    const got: LiveData[] = [];
    connection.subscribe((d) => got.push(d));
    latest()?.onopen?.();
    expect(connection.connected).toBe(true);
    // The server goes away three times in a row.
    const delays: number[] = [];
    for (let i = 0; i < 3; i++) {
      latest()?.onerror?.();
      expect(connection.connected).toBe(false);
      delays.push(timers[0]?.ms ?? 0);
      runTimer();
    }
    expect(FakeSource.all).toHaveLength(4);
    expect(FakeSource.all.slice(0, 3).every((s) => s.closed)).toBe(true);
    expect(delays[0]).toBeGreaterThanOrEqual(800);
    expect(delays[0]).toBeLessThanOrEqual(1200);
    expect(delays[1]).toBeGreaterThanOrEqual(1600);
    expect(delays[2]).toBeGreaterThanOrEqual(3200);
    // Back: anything missed meanwhile is reloaded, and the back-off starts again.
    latest()?.onopen?.();
    expect(got).toContainEqual({ type: "resync" });
    latest()?.onerror?.();
    expect(timers[0]?.ms).toBeLessThanOrEqual(1200);
  });

  it("reconnects at once when the server ends a long stream, and skips malformed events", () => {
    const { connection, timers, latest } = setup();
    const got: LiveData[] = [];
    connection.subscribe((d) => got.push(d));
    latest()?.onopen?.();
    const source = latest();
    for (const fn of source?.listeners.get("message") ?? []) fn({ data: "{not json" });
    expect(got).toEqual([]);
    source?.emit("bye", {});
    expect(source?.closed).toBe(true);
    expect(timers[0]?.ms).toBe(0);
  });
});
