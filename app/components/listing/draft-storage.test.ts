import { describe, expect, it } from "vitest";
import {
  byteSize,
  CREATE_DRAFT_KEY,
  cleanupDrafts,
  clearDraft,
  DRAFT_MAX_AGE_MS,
  type DraftStore,
  editDraftKey,
  formatDraftTime,
  loadDraft,
  MAX_DRAFT_BYTES,
  MAX_TOTAL_BYTES,
  markSubmitted,
  SUBMITTED_KEY,
  saveDraft,
  saveDraftWithRetry,
  takeSubmitted,
} from "./draft-storage";

/** An in-memory stand-in for the browser's localStorage, with an optional quota in bytes. */
class MemoryStorage implements DraftStore {
  items = new Map<string, string>();
  quota = Number.POSITIVE_INFINITY;
  /** Errors thrown by the next setItem calls, in order. */
  failures: unknown[] = [];
  writes = 0;

  get length() {
    return this.items.size;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.writes++;
    const failure = this.failures.shift();
    if (failure) throw failure;
    const used = [...this.items]
      .filter(([k]) => k !== key)
      .reduce((sum, [k, v]) => sum + byteSize(k) + byteSize(v), 0);
    if (used + byteSize(key) + byteSize(value) > this.quota) {
      throw Object.assign(new Error("quota"), { name: "QuotaExceededError" });
    }
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2025, 0, 10, 12, 0, 0);
const at = (ms: number) => () => ms;
const values = { title: "Kia Rio", description: "Clean", price: "1500000", categoryId: "1" };

describe("draft keys", () => {
  it("uses the spec's prefix and names", () => {
    expect(CREATE_DRAFT_KEY).toBe("form_create_listing");
    expect(editDraftKey("abc")).toBe("form_edit_listing_abc");
  });
});

describe("saveDraft and loadDraft", () => {
  it("saves the values with the time and loads them back", () => {
    const store = new MemoryStorage();
    const result = saveDraft(store, CREATE_DRAFT_KEY, values, at(T0));
    expect(result.status).toBe("saved");
    expect(loadDraft(store, CREATE_DRAFT_KEY, at(T0 + 1000))).toEqual({ values, savedAt: T0 });
  });

  it("skips a save when nothing changed, keeping the first time", () => {
    const store = new MemoryStorage();
    saveDraft(store, CREATE_DRAFT_KEY, values, at(T0));
    const again = saveDraft(store, CREATE_DRAFT_KEY, { ...values }, at(T0 + 5000));
    expect(again.status).toBe("unchanged");
    expect(store.writes).toBe(1);
    expect(loadDraft(store, CREATE_DRAFT_KEY, at(T0))?.savedAt).toBe(T0);
    const changed = saveDraft(store, CREATE_DRAFT_KEY, { ...values, title: "X" }, at(T0 + 9000));
    expect(changed.status).toBe("saved");
    expect(store.writes).toBe(2);
  });

  it("skips a draft over 100 KB and keeps the previous one", () => {
    const store = new MemoryStorage();
    saveDraft(store, CREATE_DRAFT_KEY, values, at(T0));
    const huge = { ...values, description: "x".repeat(MAX_DRAFT_BYTES) };
    const result = saveDraft(store, CREATE_DRAFT_KEY, huge, at(T0 + 1000));
    expect(result.status).toBe("too-large");
    expect(loadDraft(store, CREATE_DRAFT_KEY, at(T0))?.values).toEqual(values);
  });

  it("counts bytes, not characters (Arabic text is two bytes a letter)", () => {
    const store = new MemoryStorage();
    // 60,000 Arabic letters are 120,000 bytes: too large although under 100 K characters.
    const arabic = { description: "س".repeat(60_000) };
    expect(saveDraft(store, CREATE_DRAFT_KEY, arabic, at(T0)).status).toBe("too-large");
    const latin = { description: "s".repeat(60_000) };
    expect(saveDraft(store, CREATE_DRAFT_KEY, latin, at(T0)).status).toBe("saved");
  });

  it("ignores and removes a corrupted draft", () => {
    const store = new MemoryStorage();
    store.items.set(CREATE_DRAFT_KEY, "{not json");
    expect(loadDraft(store, CREATE_DRAFT_KEY, at(T0))).toBeNull();
    expect(store.items.has(CREATE_DRAFT_KEY)).toBe(false);
    store.items.set(CREATE_DRAFT_KEY, JSON.stringify({ values: "nope", savedAt: T0 }));
    expect(loadDraft(store, CREATE_DRAFT_KEY, at(T0))).toBeNull();
    expect(store.items.has(CREATE_DRAFT_KEY)).toBe(false);
    // A corrupted draft does not stop the next save either.
    store.items.set(CREATE_DRAFT_KEY, "][");
    expect(saveDraft(store, CREATE_DRAFT_KEY, values, at(T0)).status).toBe("saved");
  });

  it("keeps only string values (images and other objects are never stored)", () => {
    const store = new MemoryStorage();
    store.items.set(
      CREATE_DRAFT_KEY,
      JSON.stringify({ values: { title: "A", images: { name: "x.png" } }, savedAt: T0 }),
    );
    expect(loadDraft(store, CREATE_DRAFT_KEY, at(T0))?.values).toEqual({ title: "A" });
  });

  it("removes a draft older than 7 days when it is loaded", () => {
    const store = new MemoryStorage();
    saveDraft(store, CREATE_DRAFT_KEY, values, at(T0));
    expect(loadDraft(store, CREATE_DRAFT_KEY, at(T0 + DRAFT_MAX_AGE_MS))).not.toBeNull();
    expect(loadDraft(store, CREATE_DRAFT_KEY, at(T0 + DRAFT_MAX_AGE_MS + 1))).toBeNull();
    expect(store.items.has(CREATE_DRAFT_KEY)).toBe(false);
  });

  it("clears a draft", () => {
    const store = new MemoryStorage();
    saveDraft(store, CREATE_DRAFT_KEY, values, at(T0));
    clearDraft(store, CREATE_DRAFT_KEY);
    expect(loadDraft(store, CREATE_DRAFT_KEY, at(T0))).toBeNull();
  });
});

describe("cleanupDrafts", () => {
  it("removes expired and corrupted drafts and leaves other keys alone", () => {
    const store = new MemoryStorage();
    saveDraft(store, editDraftKey("old"), values, at(T0 - 8 * DAY));
    saveDraft(store, editDraftKey("recent"), values, at(T0 - 6 * DAY));
    saveDraft(store, CREATE_DRAFT_KEY, values, at(T0));
    store.items.set("form_broken", "nope");
    store.items.set("preferredLanguage", "ar");
    const removed = cleanupDrafts(store, at(T0));
    expect(removed.sort()).toEqual(["form_broken", editDraftKey("old")].sort());
    expect([...store.items.keys()].sort()).toEqual(
      [CREATE_DRAFT_KEY, editDraftKey("recent"), "preferredLanguage"].sort(),
    );
  });
});

describe("the 5 MB budget", () => {
  /** A draft of about `kb` kilobytes. */
  const sized = (kb: number) => ({ description: "d".repeat(kb * 1024 - 64) });

  it("evicts the oldest drafts when the drafts together would pass 5 MB", () => {
    const store = new MemoryStorage();
    // 54 drafts of ~95 KB are just over 5 MB (5,120 KB): saving the last needs room.
    for (let i = 0; i < 53; i++) {
      expect(saveDraft(store, editDraftKey(String(i)), sized(95), at(T0 + i * 1000)).status).toBe(
        "saved",
      );
    }
    const result = saveDraft(store, CREATE_DRAFT_KEY, sized(95), at(T0 + 100_000));
    expect(result).toMatchObject({ status: "saved", evicted: [editDraftKey("0")] });
    const total = [...store.items].reduce((sum, [k, v]) => sum + byteSize(k) + byteSize(v), 0);
    expect(total).toBeLessThanOrEqual(MAX_TOTAL_BYTES);
    expect(store.items.has(editDraftKey("1"))).toBe(true);
  });

  it("evicts unreadable items before any real draft", () => {
    const store = new MemoryStorage();
    for (let i = 0; i < 52; i++) saveDraft(store, editDraftKey(String(i)), sized(95), at(T0 + i));
    store.items.set("form_junk", "x".repeat(95 * 1024));
    const result = saveDraft(store, CREATE_DRAFT_KEY, sized(95), at(T0 + 100));
    expect(result).toMatchObject({ status: "saved", evicted: ["form_junk"] });
  });

  it("on QuotaExceededError evicts the oldest draft and tries again", () => {
    const store = new MemoryStorage();
    saveDraft(store, editDraftKey("a"), sized(40), at(T0));
    saveDraft(store, editDraftKey("b"), sized(40), at(T0 + 1));
    saveDraft(store, editDraftKey("c"), sized(40), at(T0 + 2));
    // The browser's quota is smaller than the 5 MB budget: only two drafts fit.
    store.quota = 85 * 1024;
    const result = saveDraft(store, CREATE_DRAFT_KEY, sized(40), at(T0 + 3));
    expect(result).toMatchObject({
      status: "saved",
      evicted: [editDraftKey("a"), editDraftKey("b")],
    });
    expect([...store.items.keys()].sort()).toEqual([CREATE_DRAFT_KEY, editDraftKey("c")].sort());
  });

  it("reports no space when even alone the draft does not fit", () => {
    const store = new MemoryStorage();
    saveDraft(store, editDraftKey("a"), sized(10), at(T0));
    store.quota = 1024;
    const result = saveDraft(store, CREATE_DRAFT_KEY, sized(10), at(T0 + 1));
    expect(result).toEqual({ status: "no-space", evicted: [editDraftKey("a")] });
  });
});

describe("saveDraftWithRetry", () => {
  it("tries again up to 3 times with a doubling delay", async () => {
    const store = new MemoryStorage();
    store.failures = [new Error("busy"), new Error("busy"), new Error("busy")];
    const waits: number[] = [];
    const result = await saveDraftWithRetry(store, CREATE_DRAFT_KEY, values, {
      now: at(T0),
      sleep: async (ms) => {
        waits.push(ms);
      },
      baseDelayMs: 100,
    });
    expect(result.status).toBe("saved");
    expect(waits).toEqual([100, 200, 400]);
    expect(store.writes).toBe(4);
  });

  it("gives up after the third retry", async () => {
    const store = new MemoryStorage();
    const error = new Error("storage disabled");
    store.failures = [error, error, error, error, error];
    const waits: number[] = [];
    const result = await saveDraftWithRetry(store, CREATE_DRAFT_KEY, values, {
      now: at(T0),
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    expect(result).toEqual({ status: "failed", error });
    expect(waits).toEqual([200, 400, 800]);
    expect(store.writes).toBe(4);
    expect(store.items.size).toBe(0);
  });

  it("does not retry a save that was skipped", async () => {
    const store = new MemoryStorage();
    const waits: number[] = [];
    const huge = { description: "x".repeat(MAX_DRAFT_BYTES + 1) };
    const result = await saveDraftWithRetry(store, CREATE_DRAFT_KEY, huge, {
      now: at(T0),
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    expect(result.status).toBe("too-large");
    expect(waits).toEqual([]);
  });
});

describe("the sent marker", () => {
  it("is taken once, for the draft that was sent", () => {
    const session = new MemoryStorage();
    markSubmitted(session, CREATE_DRAFT_KEY, at(T0));
    expect(takeSubmitted(session, editDraftKey("x"), at(T0 + 1000))).toBe(false);
    expect(takeSubmitted(session, CREATE_DRAFT_KEY, at(T0 + 1000))).toBe(true);
    expect(takeSubmitted(session, CREATE_DRAFT_KEY, at(T0 + 2000))).toBe(false);
  });

  it("is ignored and removed when old or corrupted", () => {
    const session = new MemoryStorage();
    markSubmitted(session, CREATE_DRAFT_KEY, at(T0));
    expect(takeSubmitted(session, CREATE_DRAFT_KEY, at(T0 + 31 * 60 * 1000))).toBe(false);
    expect(session.items.size).toBe(0);
    session.items.set(SUBMITTED_KEY, "{");
    expect(takeSubmitted(session, CREATE_DRAFT_KEY, at(T0))).toBe(false);
    expect(session.items.size).toBe(0);
  });
});

describe("formatDraftTime", () => {
  const afternoon = new Date(2025, 0, 10, 15, 4).getTime();
  it("shows the time today, in Arabic digits for Arabic", () => {
    expect(formatDraftTime("en", afternoon, afternoon + 60_000)).toBe("3:04 PM");
    const ar = formatDraftTime("ar", afternoon, afternoon + 60_000);
    expect(ar).toMatch(/٣:٠٤/);
    expect(ar).not.toMatch(/[0-9]/);
  });
  it("adds the day for an older draft", () => {
    expect(formatDraftTime("en", afternoon, afternoon + 2 * DAY)).toBe("Jan 10, 3:04 PM");
  });
});
