import { useEffect, useRef, useState } from "react";
import { liveConnection } from "./live-client";
import type { LiveData, UnreadCount } from "./message-types";

/** Calls `handler` for every live event while the component is mounted (browser only). */
export function useLiveEvents(handler: (data: LiveData) => void, enabled = true) {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    return liveConnection().subscribe((data) => ref.current(data));
  }, [enabled]);
}

/** The unread count: the server's figure, then every update the stream sends. */
export function useUnreadCount(initial: UnreadCount | null | undefined) {
  const [count, setCount] = useState(initial ?? null);
  // A newer figure from the server (a page load, a revalidation) wins.
  useEffect(() => setCount(initial ?? null), [initial]);
  useLiveEvents((data) => {
    if (data.type === "unread") setCount(data.unread);
  }, Boolean(initial));
  return count;
}

/** False while the stream is down (after it first connected). */
export function useLiveConnected() {
  const [connected, setConnected] = useState(true);
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const connection = liveConnection();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = connection.onStatus((value) => {
      clearTimeout(timer);
      // A quick reconnection is not worth a notice.
      if (value) setConnected(true);
      else timer = setTimeout(() => setConnected(false), 3000);
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, []);
  return connected;
}

/** Whether the stream is open right now (for tests and a "live" mark); false on the server. */
export function useLiveStatus() {
  const [connected, setConnected] = useState(false);
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const connection = liveConnection();
    setConnected(connection.connected);
    const stop = connection.onStatus(setConnected);
    return () => {
      stop();
    };
  }, []);
  return connected;
}
