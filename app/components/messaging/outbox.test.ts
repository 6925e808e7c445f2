import { describe, expect, it } from "vitest";
import { personalPageKind, QUEUED_MESSAGES } from "~/service-worker/caches";
import { type OutboxItem, outboxOf, readOutbox, updateOutbox, withoutArrived } from "./outbox";

/** localStorage's surface, in memory. */
function memoryStore(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

const item = (over: Partial<OutboxItem>): OutboxItem => ({
  clientId: crypto.randomUUID(),
  memberId: "buyer",
  conversationId: "c1",
  body: "Is it still available?",
  at: "2026-11-29T10:00:00.000Z",
  ...over,
});

describe("the outbox of unsent messages", () => {
  it("keeps what was written across a reload, and empties its key when nothing is left", () => {
    const store = memoryStore();
    const written = item({});
    updateOutbox((items) => [...items, written], store);
    expect(readOutbox(store)).toEqual([written]);
    updateOutbox((items) => items.filter((i) => i.clientId !== written.clientId), store);
    expect(store.map.has(QUEUED_MESSAGES.outbox)).toBe(false);
  });

  it("gives one member's messages of one conversation, in the order written", () => {
    const later = item({ body: "two", at: "2026-11-29T10:00:02.000Z" });
    const earlier = item({ body: "one", at: "2026-11-29T10:00:01.000Z" });
    const items = [
      later,
      item({ conversationId: "c2" }),
      item({ memberId: "someone-else" }),
      earlier,
    ];
    expect(outboxOf(items, "buyer", "c1").map((i) => i.body)).toEqual(["one", "two"]);
  });

  it("drops the messages the conversation now shows, by their client ids", () => {
    const a = item({});
    const b = item({});
    expect(withoutArrived([a, b], [undefined, a.clientId, "other"])).toEqual([b]);
  });

  it("reads nothing from damaged or hostile storage", () => {
    for (const stored of [
      "{",
      "null",
      '"text"',
      '{"clientId":"x"}',
      '[{"clientId":1}]',
      "[null]",
    ]) {
      expect(readOutbox(memoryStore({ [QUEUED_MESSAGES.outbox]: stored }))).toEqual([]);
    }
    const good = item({ body: "<img src=x onerror=alert(1)> ١٢٣ 🙂" });
    const mixed = JSON.stringify([{ body: "no id" }, good]);
    expect(readOutbox(memoryStore({ [QUEUED_MESSAGES.outbox]: mixed }))).toEqual([good]);
  });

  it("survives storage that refuses to write (full, or a private window)", () => {
    const full = {
      ...memoryStore(),
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    const written = item({});
    expect(updateOutbox((items) => [...items, written], full)).toEqual([written]);
    expect(readOutbox(null)).toEqual([]);
  });
});

describe("what the service worker keeps of a conversation", () => {
  it("keeps no photo of a message, and no conversation page", () => {
    const id = "6b15444e-a679-47bd-b9a8-f2eecd3a2840";
    // Only `/media/` photos are cached (sw.ts), and the public `/media` path never serves a
    // private key (server/media.ts); a message's photo's own address is none of the saved pages'.
    expect(personalPageKind(`/messages/${id}/photos/${id}/320`)).toBeNull();
    expect(personalPageKind(`/messages/${id}/photos/${id}/320.data`)).toBeNull();
    expect(personalPageKind(`/messages/${id}`)).toBeNull();
  });
});
