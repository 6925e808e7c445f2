import { useSyncExternalStore } from "react";
import {
  cleanFavoriteIds,
  GUEST_FAVORITES_KEY,
  MAX_GUEST_FAVORITES,
} from "~/domain/favorites/favorites-schemas";

/*
 * A visitor's favourites: listing ids in local storage, newest first (spec: "Guests keep a list of
 * listing ids in local browser storage"). Every heart on the page and other tabs stay in step
 * through one small store. Whatever is stored is cleaned on every read, so a hand-edited or
 * corrupted value can only lose entries, never break the page.
 */

const CHANGED = "souqna:guest-favorites";
const EMPTY: readonly string[] = Object.freeze([]);

let cachedRaw: string | null = null;
let cachedIds: readonly string[] = EMPTY;

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    // Storage disabled (some private modes): there is simply no list.
    return null;
  }
}

/** The stored ids, cleaned; the same array until the stored value changes. */
export function readGuestFavorites(): readonly string[] {
  let raw: string | null = null;
  try {
    raw = storage()?.getItem(GUEST_FAVORITES_KEY) ?? null;
  } catch {
    raw = null;
  }
  if (raw === cachedRaw) return cachedIds;
  cachedRaw = raw;
  let parsed: unknown = [];
  try {
    parsed = raw ? JSON.parse(raw) : [];
  } catch {
    parsed = [];
  }
  const ids = cleanFavoriteIds(parsed);
  cachedIds = ids.length > 0 ? Object.freeze(ids) : EMPTY;
  return cachedIds;
}

/** Saves the list (cleaned, newest first, at most the cap). Throws when the browser refuses. */
export function writeGuestFavorites(ids: readonly string[]) {
  const store = storage();
  if (!store) throw new Error("local storage is not available");
  const clean = cleanFavoriteIds([...ids]);
  if (clean.length === 0) store.removeItem(GUEST_FAVORITES_KEY);
  else store.setItem(GUEST_FAVORITES_KEY, JSON.stringify(clean));
  window.dispatchEvent(new Event(CHANGED));
}

/**
 * Adds (to the front) or removes one id; returns whether it is now saved. When the list is full
 * the oldest entry makes room.
 */
export function setGuestFavorite(listingId: string, on: boolean): boolean {
  const id = listingId.toLowerCase();
  const rest = readGuestFavorites().filter((existing) => existing !== id);
  writeGuestFavorites(on ? [id, ...rest].slice(0, MAX_GUEST_FAVORITES) : rest);
  return on;
}

export function clearGuestFavorites() {
  writeGuestFavorites([]);
}

function subscribe(onChange: () => void) {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === GUEST_FAVORITES_KEY) onChange();
  };
  window.addEventListener(CHANGED, onChange);
  window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener("storage", onStorage);
  };
}

/**
 * The visitor's ids, live. The server (and hydration) sees an empty list; the stored one follows
 * right after, so the HTML never disagrees with the first render.
 */
export function useGuestFavorites(): readonly string[] {
  return useSyncExternalStore(subscribe, readGuestFavorites, () => EMPTY);
}
