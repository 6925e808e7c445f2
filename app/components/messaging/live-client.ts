import { type LiveData, STREAM_PATH } from "~/views/messaging/message-types";

/*
 * One event stream per browser tab, shared by everything on the page that shows live messages
 * (the header's badge, the inbox, a conversation). It opens when the first listener arrives and
 * closes with the last. EventSource retries by itself only while the server answers; a refused
 * or broken stream is closed here and reopened after an exponential back-off with jitter, so a
 * restarting server is not hammered by every open tab at once.
 */

export type LiveListener = (data: LiveData) => void;

const BASE_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;

/** 1 s, 2 s, 4 s … up to 30 s, each ±20 % so tabs spread out. */
export function backoffDelay(attempt: number, random = Math.random) {
  const exact = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempt));
  return Math.round(exact * (0.8 + 0.4 * random()));
}

const EVENT_TYPES = ["message", "read", "unread"] as const;

export function createLiveConnection({
  url = STREAM_PATH,
  createSource = (u: string) => new EventSource(u),
  schedule = (fn: () => void, ms: number) => setTimeout(fn, ms),
  cancel = (timer: ReturnType<typeof setTimeout>) => clearTimeout(timer),
}: {
  url?: string;
  createSource?: (url: string) => EventSource;
  schedule?: (fn: () => void, ms: number) => ReturnType<typeof setTimeout>;
  cancel?: (timer: ReturnType<typeof setTimeout>) => void;
} = {}) {
  const listeners = new Set<LiveListener>();
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;
  let opened = false;
  let signedOut = false;
  let connected = false;
  const statusListeners = new Set<(connected: boolean) => void>();

  function emit(data: LiveData) {
    for (const listener of [...listeners]) {
      try {
        listener(data);
      } catch (error) {
        // One broken listener must not starve the others; the browser reports it as uncaught.
        reportError(error);
      }
    }
  }

  function setConnected(value: boolean) {
    if (connected === value) return;
    connected = value;
    for (const listener of [...statusListeners]) listener(value);
  }

  function open() {
    if (source || timer || signedOut || listeners.size === 0) return;
    const es = createSource(url);
    source = es;
    es.onopen = () => {
      attempt = 0;
      setConnected(true);
      // Anything that happened while we were away is reloaded by the pages.
      if (opened) emit({ type: "resync" });
      opened = true;
    };
    for (const type of EVENT_TYPES) {
      es.addEventListener(type, (event) => {
        try {
          emit({ type, ...JSON.parse((event as MessageEvent<string>).data) } as LiveData);
        } catch {
          // A malformed event is skipped; the next one is read as usual.
        }
      });
    }
    // The server ends long streams now and then (to re-check the session): reconnect at once.
    es.addEventListener("bye", () => reconnect(0));
    es.addEventListener("resync", () => emit({ type: "resync" }));
    // The session ended (signed out, password changed elsewhere, suspended): reconnecting would
    // only be refused, again and again. The next page the member opens starts afresh.
    es.addEventListener("signed-out", () => {
      es.close();
      if (source === es) source = null;
      signedOut = true;
      setConnected(false);
    });
    es.onerror = () => reconnect(backoffDelay(attempt++));
  }

  function reconnect(delay: number) {
    source?.close();
    source = null;
    setConnected(false);
    if (timer || listeners.size === 0) return;
    timer = schedule(() => {
      timer = null;
      open();
    }, delay);
  }

  return {
    subscribe(listener: LiveListener) {
      listeners.add(listener);
      open();
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0) return;
        source?.close();
        source = null;
        if (timer) cancel(timer);
        timer = null;
        setConnected(false);
      };
    },
    onStatus(listener: (connected: boolean) => void) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    get connected() {
      return connected;
    },
  };
}

export type LiveConnection = ReturnType<typeof createLiveConnection>;

let shared: LiveConnection | null = null;

/** The tab's connection (browser only). */
export function liveConnection() {
  shared ??= createLiveConnection();
  return shared;
}
