import { useEffect, useRef, useState } from "react";
import type { LiveData, UnreadCount } from "~/views/messaging/message-types";
import type { LiveConnection } from "./live-client";

/*
 * The event stream's client is fetched after the page has hydrated, at the first listener: the
 * header's badge is in every member's page, and its code need not be in the first load (issue
 * 12). A failed fetch (the connection dropped) is forgotten, so the next listener tries again.
 */
let loading: Promise<LiveConnection> | undefined;

function loadConnection() {
  loading ??= import("./live-client")
    .then((module) => module.liveConnection())
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}

/** Runs `use` with the tab's connection once it is here; undoes it on unmount. */
function useConnection(use: (connection: LiveConnection) => () => void, enabled = true) {
  const ref = useRef(use);
  ref.current = use;
  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    let stop: (() => void) | undefined;
    let unmounted = false;
    loadConnection().then(
      (connection) => {
        if (!unmounted) stop = ref.current(connection);
      },
      () => {
        // Offline before the code came: the page shows what the server sent.
      },
    );
    return () => {
      unmounted = true;
      stop?.();
    };
  }, [enabled]);
}

/** Calls `handler` for every live event while the component is mounted (browser only). */
export function useLiveEvents(handler: (data: LiveData) => void, enabled = true) {
  const ref = useRef(handler);
  ref.current = handler;
  useConnection((connection) => connection.subscribe((data) => ref.current(data)), enabled);
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
  useConnection((connection) => {
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
  });
  return connected;
}

/** Whether the stream is open right now (for tests and a "live" mark); false on the server. */
export function useLiveStatus() {
  const [connected, setConnected] = useState(false);
  useConnection((connection) => {
    setConnected(connection.connected);
    const stop = connection.onStatus(setConnected);
    return () => {
      stop();
    };
  });
  return connected;
}
