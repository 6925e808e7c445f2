import { useEffect, useMemo, useRef, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import type { MessageView } from "~/views/messaging/message-types";
import { useLiveEvents } from "./use-live-messages";

/**
 * The live conversation: the messages the server sent, then those that arrive on the event stream
 * or are sent from this tab, in order and without duplicates, with the other party's "seen" marks.
 * A message from them is marked read at once, or when the tab is next visible. An event about
 * another conversation, a step of an offer, or a reconnection, reloads the page's data (once,
 * after a short pause).
 */
export function useThreadMessages(conversationId: string, loaded: MessageView[]) {
  const revalidator = useRevalidator();
  const readFetcher = useFetcher();
  const [extra, setExtra] = useState<MessageView[]>([]);
  // The other party read everything up to this time (a live "read" mark).
  const [seenUpTo, setSeenUpTo] = useState("");
  const unreadArrived = useRef(false);
  const reload = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // A fresh load brings every message: keep only live ones it does not have yet.
  useEffect(() => {
    setSeenUpTo("");
    setExtra((current) => current.filter((m) => !loaded.some((p) => p.id === m.id)));
  }, [loaded]);

  const messages = useMemo(() => {
    const byId = new Map<string, MessageView>();
    for (const m of [...loaded, ...extra]) byId.set(m.id, m);
    return [...byId.values()]
      .sort((a, b) => a.iso.localeCompare(b.iso) || a.id.localeCompare(b.id))
      .map((m) => (m.mine && !m.seen && m.iso <= seenUpTo ? { ...m, seen: true } : m));
  }, [loaded, extra, seenUpTo]);

  const add = (message: MessageView) =>
    setExtra((current) =>
      current.some((m) => m.id === message.id) ? current : [...current, message],
    );

  const markRead = () => {
    if (document.visibilityState !== "visible") {
      unreadArrived.current = true;
      return;
    }
    unreadArrived.current = false;
    readFetcher.submit({ intent: "read" }, { method: "post" });
  };
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === "visible" && unreadArrived.current) markRead();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  });

  useLiveEvents((event) => {
    if (
      event.type === "message" &&
      event.conversationId === conversationId &&
      !event.message.offerId
    ) {
      add(event.message);
      if (!event.message.mine) markRead();
    } else if (event.type === "read" && event.conversationId === conversationId && !event.byMe) {
      setSeenUpTo(messages.at(-1)?.iso ?? "");
    } else if (event.type === "resync" || event.type === "message") {
      // Another conversation changed (the side list), events were missed, or an offer moved on
      // (its earlier steps change too; the page draws them): reload, once. The reload marks it
      // read.
      clearTimeout(reload.current);
      reload.current = setTimeout(() => revalidator.revalidate(), 400);
    }
  });

  return { messages, add };
}
