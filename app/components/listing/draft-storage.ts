/*
 * Drafts of the listing form in the browser's local storage (spec §9 "Draft storage").
 * Pure logic over a Storage-like object and a clock, so it is tested without a browser.
 *
 * - Keys start with `form_`: `form_create_listing`, `form_edit_listing_{id}`.
 * - A draft is `{ values, savedAt }`: the form's text values (never images) and when it was saved.
 * - One draft may be at most 100 KB (UTF-8 bytes of its JSON); all `form_` items together at
 *   most 5 MB: the oldest drafts are evicted to make room, and again when the browser says its
 *   quota is exceeded.
 * - Drafts older than 7 days, and items that are not drafts (corrupted JSON), are removed.
 */

import { isLang, localeOf } from "~/i18n/config";

export const DRAFT_PREFIX = "form_";
export const CREATE_DRAFT_KEY = `${DRAFT_PREFIX}create_listing`;
export const editDraftKey = (listingId: string) => `${DRAFT_PREFIX}edit_listing_${listingId}`;

export const MAX_DRAFT_BYTES = 100 * 1024;
export const MAX_TOTAL_BYTES = 5 * 1024 * 1024;
export const DRAFT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
export const SAVE_DEBOUNCE_MS = 1000;
export const SAVE_RETRIES = 3;
export const RETRY_BASE_DELAY_MS = 200;

export type DraftValues = Record<string, string>;

export interface Draft {
  values: DraftValues;
  savedAt: number;
}

/** The part of the Web Storage API the drafts use. */
export interface DraftStore {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export type Clock = () => number;

export type SaveResult =
  | { status: "saved"; draft: Draft; evicted: string[] }
  | { status: "unchanged"; draft: Draft }
  | { status: "too-large"; bytes: number }
  | { status: "no-space"; evicted: string[] };

const encoder = new TextEncoder();

/** UTF-8 size of a string, in bytes. */
export function byteSize(text: string) {
  return encoder.encode(text).length;
}

/** A stored item as a draft, or null when it is not one (corrupted, another shape). */
export function parseDraft(raw: string | null): Draft | null {
  if (raw === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== "object") return null;
  const { values, savedAt } = parsed as Partial<Draft>;
  if (typeof savedAt !== "number" || !Number.isFinite(savedAt)) return null;
  if (!values || typeof values !== "object" || Array.isArray(values)) return null;
  const clean: DraftValues = {};
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === "string") clean[name] = value;
  }
  return { values: clean, savedAt };
}

/** Same names and values, in any order. */
export function sameValues(a: DraftValues, b: DraftValues) {
  const aKeys = Object.keys(a);
  if (aKeys.length !== Object.keys(b).length) return false;
  return aKeys.every((key) => Object.hasOwn(b, key) && a[key] === b[key]);
}

function draftKeys(store: DraftStore) {
  const keys: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key?.startsWith(DRAFT_PREFIX)) keys.push(key);
  }
  return keys;
}

function isQuotaError(error: unknown) {
  if (!error || typeof error !== "object") return false;
  const { name, code } = error as { name?: string; code?: number };
  return (
    name === "QuotaExceededError" ||
    name === "NS_ERROR_DOM_QUOTA_REACHED" ||
    code === 22 ||
    code === 1014
  );
}

/**
 * Removes expired drafts and items under the prefix that are not drafts. Returns removed keys.
 * Runs when a form loads.
 */
export function cleanupDrafts(store: DraftStore, now: Clock): string[] {
  const removed: string[] = [];
  for (const key of draftKeys(store)) {
    const draft = parseDraft(store.getItem(key));
    if (!draft || now() - draft.savedAt > DRAFT_MAX_AGE_MS) {
      store.removeItem(key);
      removed.push(key);
    }
  }
  return removed;
}

/** The draft under `key`; a corrupted or expired one is removed and null returned. */
export function loadDraft(store: DraftStore, key: string, now: Clock): Draft | null {
  const raw = store.getItem(key);
  if (raw === null) return null;
  const draft = parseDraft(raw);
  if (!draft || now() - draft.savedAt > DRAFT_MAX_AGE_MS) {
    store.removeItem(key);
    return null;
  }
  return draft;
}

export function clearDraft(store: DraftStore, key: string) {
  store.removeItem(key);
}

/** Other drafts, oldest first (unreadable ones first of all), with their sizes. */
function otherDrafts(store: DraftStore, except: string) {
  return draftKeys(store)
    .filter((key) => key !== except)
    .map((key) => {
      const raw = store.getItem(key) ?? "";
      return {
        key,
        bytes: byteSize(key) + byteSize(raw),
        savedAt: parseDraft(raw)?.savedAt ?? Number.NEGATIVE_INFINITY,
      };
    })
    .sort((a, b) => a.savedAt - b.savedAt);
}

/**
 * Saves `values` under `key` now. Skipped when the draft would be larger than 100 KB or equals
 * the stored one. Makes room within the 5 MB budget by evicting the oldest other drafts, and
 * evicts more while the browser reports its quota exceeded. Other errors are thrown.
 */
export function saveDraft(
  store: DraftStore,
  key: string,
  values: DraftValues,
  now: Clock,
): SaveResult {
  const stored = parseDraft(store.getItem(key));
  if (stored && sameValues(stored.values, values)) return { status: "unchanged", draft: stored };
  const draft: Draft = { values, savedAt: now() };
  const raw = JSON.stringify(draft);
  const bytes = byteSize(key) + byteSize(raw);
  if (byteSize(raw) > MAX_DRAFT_BYTES) return { status: "too-large", bytes: byteSize(raw) };

  const evicted: string[] = [];
  const others = otherDrafts(store, key);
  let total = bytes + others.reduce((sum, item) => sum + item.bytes, 0);
  while (total > MAX_TOTAL_BYTES && others.length > 0) {
    const oldest = others.shift();
    if (!oldest) break;
    store.removeItem(oldest.key);
    evicted.push(oldest.key);
    total -= oldest.bytes;
  }

  for (;;) {
    try {
      store.setItem(key, raw);
      return { status: "saved", draft, evicted };
    } catch (error) {
      if (!isQuotaError(error)) throw error;
      const oldest = others.shift();
      if (!oldest) return { status: "no-space", evicted };
      store.removeItem(oldest.key);
      evicted.push(oldest.key);
    }
  }
}

export type Sleep = (ms: number) => Promise<void>;

export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `saveDraft`, tried again up to 3 times when it throws, waiting 200 ms, 400 ms, 800 ms.
 * Resolves with the last error as `{ status: "failed" }` when every attempt threw.
 */
export async function saveDraftWithRetry(
  store: DraftStore,
  key: string,
  values: DraftValues,
  options: { now: Clock; sleep?: Sleep; retries?: number; baseDelayMs?: number },
): Promise<SaveResult | { status: "failed"; error: unknown }> {
  const {
    now,
    sleep = realSleep,
    retries = SAVE_RETRIES,
    baseDelayMs = RETRY_BASE_DELAY_MS,
  } = options;
  let delay = baseDelayMs;
  for (let attempt = 0; ; attempt++) {
    try {
      return saveDraft(store, key, values, now);
    } catch (error) {
      if (attempt >= retries) return { status: "failed", error };
      await sleep(delay);
      delay *= 2;
    }
  }
}

/*
 * "Sent" marker: the form notes in session storage (this tab only) which draft it just sent;
 * the listing page that follows a successful save clears that draft and the marker. A listing
 * page shown later with a stale notice then clears nothing.
 */
export const SUBMITTED_KEY = "souqna_draft_submitted";
const SUBMITTED_MAX_AGE_MS = 30 * 60 * 1000;

export function markSubmitted(session: DraftStore, key: string, now: Clock) {
  session.setItem(SUBMITTED_KEY, JSON.stringify({ key, at: now() }));
}

/** True (and the marker removed) when `key` was sent from this tab in the last 30 minutes. */
export function takeSubmitted(session: DraftStore, key: string, now: Clock): boolean {
  const raw = session.getItem(SUBMITTED_KEY);
  if (raw === null) return false;
  let marker: { key?: unknown; at?: unknown } | null = null;
  try {
    marker = JSON.parse(raw);
  } catch {
    marker = null;
  }
  const fresh =
    marker !== null &&
    typeof marker.at === "number" &&
    now() - marker.at >= 0 &&
    now() - marker.at <= SUBMITTED_MAX_AGE_MS;
  if (!fresh) {
    session.removeItem(SUBMITTED_KEY);
    return false;
  }
  if (marker?.key !== key) return false;
  session.removeItem(SUBMITTED_KEY);
  return true;
}

/** The draft's time in the page's language, in the app's locales (ar-SY, en-US). */
export function formatDraftTime(lang: string, savedAt: number, now: number) {
  const locale = localeOf(isLang(lang) ? lang : "en");
  const date = new Date(savedAt);
  const today = date.toDateString() === new Date(now).toDateString();
  return new Intl.DateTimeFormat(
    locale,
    today
      ? { hour: "numeric", minute: "2-digit" }
      : { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" },
  ).format(date);
}
