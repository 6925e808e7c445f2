import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { Database, DatabaseHandle } from "~/db/client.server";
import { type LiveEvent, type LiveEventSink, parseLiveEvent } from "./live-events";

/**
 * What a live stream is told: an event for its member; `resync` after this instance lost its
 * notification channel for a while (events may have been missed: reload what is shown); `shutdown`
 * when the server stops (close the stream; the browser reconnects to another instance).
 */
/**
 * `revoked`: one of the member's sessions ended (sign-out, password change, suspension…): each
 * of their streams checks its own session again and closes if it is gone.
 */
export type HubSignal =
  | LiveEvent
  | { kind: "resync" }
  | { kind: "shutdown" }
  | { kind: "revoked"; memberId: string };
export type HubListener = (signal: HubSignal) => void;

/**
 * Delivers conversation events to the event streams open on this instance and, on PostgreSQL, to
 * every other instance through LISTEN/NOTIFY.
 */
export interface MessageHub extends LiveEventSink {
  /** Listens for events that concern `memberId`; returns the function that stops listening. */
  subscribe(memberId: string, listener: HubListener): () => void;
  /** Open subscriptions on this instance. */
  size(): number;
  /** Whether events from other instances can arrive (the PostgreSQL listener is connected). */
  health?(): { ok: boolean; detail: string };
  close(): Promise<void>;
}

export const NOTIFY_CHANNEL = "souqna_messages";
/** Sent by the sessions table's trigger (drizzle/0004) with the member's id as payload. */
export const SESSIONS_CHANNEL = "souqna_sessions";
export const LISTENER_NAME = "souqna-live-messages";

interface Logger {
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

const silent: Logger = { warn: () => {}, info: () => {} };

/** The local part every hub shares: member id → listeners. */
function createRegistry(logger: Logger) {
  const listeners = new Map<string, Set<HubListener>>();
  return {
    subscribe(memberId: string, listener: HubListener) {
      let set = listeners.get(memberId);
      if (!set) {
        set = new Set();
        listeners.set(memberId, set);
      }
      set.add(listener);
      return () => {
        const current = listeners.get(memberId);
        current?.delete(listener);
        if (current?.size === 0) listeners.delete(memberId);
      };
    },
    deliver(event: LiveEvent) {
      for (const memberId of new Set(event.memberIds)) {
        for (const listener of listeners.get(memberId) ?? []) notify(listener, event);
      }
    },
    broadcast(signal: HubSignal) {
      for (const set of listeners.values()) for (const listener of set) notify(listener, signal);
    },
    revoke(memberId: string) {
      for (const listener of listeners.get(memberId) ?? []) {
        notify(listener, { kind: "revoked", memberId });
      }
    },
    size() {
      let n = 0;
      for (const set of listeners.values()) n += set.size;
      return n;
    },
  };

  function notify(listener: HubListener, signal: HubSignal) {
    try {
      listener(signal);
    } catch (error) {
      logger.warn({ err: error }, "a live message listener failed");
    }
  }
}

/**
 * One process, one database (PGlite): events only need to reach this process's streams; session
 * revocations arrive from the database's own NOTIFY, in process.
 */
export function createLocalHub(
  logger: Logger = silent,
  database?: Pick<DatabaseHandle, "listen">,
): MessageHub {
  const registry = createRegistry(logger);
  const unlisten = database?.listen?.(SESSIONS_CHANNEL, (memberId) => registry.revoke(memberId));
  return {
    async publish(event) {
      registry.deliver(event);
    },
    subscribe: registry.subscribe,
    size: registry.size,
    health: () => ({ ok: true, detail: "in-process" }),
    async close() {
      registry.broadcast({ kind: "shutdown" });
      await unlisten?.then((stop) => stop()).catch(() => {});
    },
  };
}

export interface PostgresHub extends MessageHub {
  /** Resolves once this instance listens (first connection); for tests and benchmarks. */
  ready: Promise<void>;
}

const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 30_000;
const PING_EVERY_MS = 30_000;

/**
 * Several instances on one PostgreSQL database. Events are delivered here at once and sent to the
 * others with NOTIFY (through the app's pool, after the message is committed); a dedicated
 * connection LISTENs for theirs, reconnecting with back-off, and tells its streams to resync after
 * a gap. Notifications this instance sent itself are recognised by its id and skipped.
 */
export function createPostgresHub({
  db,
  url,
  logger = silent,
}: {
  db: Database;
  url: string;
  logger?: Logger;
}): PostgresHub {
  const registry = createRegistry(logger);
  const instanceId = crypto.randomUUID();
  let client: pg.Client | null = null;
  let closed = false;
  let attempts = 0;
  let everConnected = false;
  let connected = false;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let pingTimer: NodeJS.Timeout | undefined;
  let resolveReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    resolveReady = resolve;
  });

  function onNotification(message: pg.Notification) {
    if (message.channel === SESSIONS_CHANNEL && message.payload) {
      registry.revoke(message.payload);
      return;
    }
    if (message.channel !== NOTIFY_CHANNEL || !message.payload) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(message.payload);
    } catch {
      return;
    }
    if ((parsed as { origin?: unknown }).origin === instanceId) return;
    const event = parseLiveEvent(parsed);
    if (event) registry.deliver(event);
  }

  function scheduleReconnect(reason: unknown) {
    connected = false;
    if (closed || reconnectTimer) return;
    const old = client;
    client = null;
    clearInterval(pingTimer);
    old?.removeAllListeners();
    old?.on("error", () => {});
    void old?.end().catch(() => {});
    const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** attempts);
    attempts += 1;
    logger.warn(
      { err: reason, retryInMs: delay },
      "live messages: lost the database notification channel; reconnecting",
    );
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      void connect();
    }, delay);
    reconnectTimer.unref();
  }

  async function connect() {
    if (closed) return;
    const next = new pg.Client({
      connectionString: url,
      keepAlive: true,
      // Named, so operators (and tests) can tell it from the pool's connections.
      application_name: LISTENER_NAME,
    });
    client = next;
    next.on("notification", onNotification);
    next.on("error", (error) => scheduleReconnect(error));
    next.on("end", () => scheduleReconnect(new Error("connection ended")));
    try {
      await next.connect();
      await next.query(`LISTEN ${NOTIFY_CHANNEL}`);
      await next.query(`LISTEN ${SESSIONS_CHANNEL}`);
    } catch (error) {
      if (client === next) scheduleReconnect(error);
      return;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    attempts = 0;
    connected = true;
    // Notifications sent while this instance was not listening are lost: streams reload.
    if (everConnected) {
      logger.info({}, "live messages: notification channel back");
      registry.broadcast({ kind: "resync" });
    }
    everConnected = true;
    resolveReady();
    // A connection that died without a word (a NAT timeout) is noticed within a minute.
    pingTimer = setInterval(() => {
      next.query("select 1").catch((error: unknown) => {
        if (client === next) scheduleReconnect(error);
      });
    }, PING_EVERY_MS);
    pingTimer.unref();
  }

  void connect();

  return {
    ready,
    async publish(event) {
      registry.deliver(event);
      try {
        await db.execute(
          sql`select pg_notify(${NOTIFY_CHANNEL}, ${JSON.stringify({ ...event, origin: instanceId })})`,
        );
      } catch (error) {
        // Logged here, where the hub's logger is; the caller decides whether it matters.
        logger.warn(
          { err: error, kind: event.kind },
          "live messages: could not notify other instances",
        );
        throw error;
      }
    },
    subscribe: registry.subscribe,
    size: registry.size,
    health: () =>
      connected
        ? { ok: true, detail: "listening for other instances" }
        : { ok: false, detail: "not listening: messages from other instances are delayed" },
    async close() {
      closed = true;
      clearTimeout(reconnectTimer);
      clearInterval(pingTimer);
      registry.broadcast({ kind: "shutdown" });
      const current = client;
      client = null;
      current?.removeAllListeners();
      current?.on("error", () => {});
      await current?.end().catch(() => {});
    },
  };
}
