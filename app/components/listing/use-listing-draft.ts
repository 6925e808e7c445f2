import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import {
  cleanupDrafts,
  clearDraft,
  type Draft,
  type DraftValues,
  loadDraft,
  markSubmitted,
  parseDraft,
  SAVE_DEBOUNCE_MS,
  sameValues,
  saveDraftWithRetry,
} from "./draft-storage";

/*
 * Offline drafts of the listing form (spec "Draft"). The form's inputs are uncontrolled: this
 * hook reads them from the DOM, saves them a second after the last change, puts a saved draft
 * back on load (asking the server for the draft category's fields first when they differ from
 * the ones rendered), follows other tabs, and keeps a listing that is posted offline as a draft.
 * Photos are never part of a draft.
 */

export type DraftNotice = "offlineRefresh" | "notSaved";

export interface ListingDraft {
  /** When the stored draft was saved; null without one. */
  savedAt: number | null;
  /** When the draft put back on load had been saved. */
  restoredFrom: number | null;
  online: boolean;
  notice: DraftNotice | null;
  clear: () => void;
}

/** Names that are not part of a draft. */
const SKIPPED = new Set(["images", "intent", "primaryImageId", "removedImageIds"]);
const TEMP = "data-draft-temp";
/** The name of the button Conform submits the form with to check a field (@conform-to/dom). */
const CONFORM_INTENT = "__intent__";
/** How long a restore waits for the draft category's fields before filling in what it can. */
const REFRESH_MAX_MS = 10_000;

function browserStorage(kind: "localStorage" | "sessionStorage"): Storage | null {
  try {
    return window[kind];
  } catch {
    return null;
  }
}

/** The form's text values (files and image choices left out). */
export function readDraftValues(form: HTMLFormElement): DraftValues {
  const values: DraftValues = {};
  for (const [name, value] of new FormData(form).entries()) {
    if (typeof value !== "string" || SKIPPED.has(name)) continue;
    values[name] = value;
  }
  return values;
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function controlsNamed(form: HTMLFormElement, name: string): Control[] {
  return Array.from(form.querySelectorAll<Control>(`[name="${CSS.escape(name)}"]`)).filter(
    (element) => !element.hasAttribute(TEMP) && !(element instanceof HTMLButtonElement),
  );
}

/** The control for `name` can take `value` (it exists and, for a select, has that option). */
function canApply(form: HTMLFormElement, name: string, value: string) {
  const [control] = controlsNamed(form, name);
  if (!control) return false;
  if (control instanceof HTMLSelectElement) {
    return Array.from(control.options).some((option) => option.value === value);
  }
  return true;
}

/** Puts `value` in the form; text fields get an input event (e.g. the live "≈ $" amount). */
function applyValue(form: HTMLFormElement, name: string, value: string) {
  for (const control of controlsNamed(form, name)) {
    if (control instanceof HTMLInputElement && control.type === "file") continue;
    if (control instanceof HTMLInputElement && control.type === "hidden") continue;
    if (
      control instanceof HTMLInputElement &&
      (control.type === "checkbox" || control.type === "radio")
    ) {
      control.checked = control.value === value;
      continue;
    }
    if (control instanceof HTMLSelectElement) {
      if (!Array.from(control.options).some((option) => option.value === value)) continue;
      control.value = value;
      continue;
    }
    if (control.value === value) continue;
    control.value = value;
    control.dispatchEvent(new Event("input", { bubbles: true }));
  }
}

const isDetail = (name: string) => name.startsWith("detail.");

/** The form's "Show the fields" button: pressing it asks the server for the chosen fields. */
const refreshButtonOf = (form: HTMLFormElement) =>
  form.querySelector<HTMLButtonElement>('[data-testid="refresh-form"]');

export function useListingDraft(
  formRef: RefObject<HTMLFormElement | null>,
  draftKey: string | undefined,
): ListingDraft {
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const [restoredFrom, setRestoredFrom] = useState<number | null>(null);
  const [online, setOnline] = useState(true);
  const [notice, setNotice] = useState<DraftNotice | null>(null);

  const state = useRef({
    /** The values the server rendered: a draft equal to them is no draft. */
    initial: {} as DraftValues,
    /** The values last saved or put in the form. */
    last: {} as DraftValues,
    restoring: false,
    timer: undefined as ReturnType<typeof setTimeout> | undefined,
    /** A restore waiting for the draft category's fields to appear. */
    pending: null as null | { draft: Draft; timers: ReturnType<typeof setTimeout>[] },
    /** A refresh asked for while offline, sent when back online. */
    refreshWhenOnline: false,
    alive: true,
  });

  /** Ends a restore: the temporary inputs go, the details go in, saving resumes. */
  const finishRestore = useCallback(() => {
    const s = state.current;
    const form = formRef.current;
    const pending = s.pending;
    s.pending = null;
    if (pending) for (const timer of pending.timers) clearTimeout(timer);
    if (!form) return;
    for (const temp of Array.from(form.querySelectorAll(`[${TEMP}]`))) temp.remove();
    for (const element of Array.from(
      form.querySelectorAll<HTMLInputElement>("[data-draft-disabled]"),
    )) {
      element.disabled = false;
      element.removeAttribute("data-draft-disabled");
    }
    if (pending) {
      // The make before the model: a model's options depend on it.
      for (const [name, value] of Object.entries(pending.draft.values)) {
        if (isDetail(name)) applyValue(form, name, value);
      }
    }
    s.last = readDraftValues(form);
    s.restoring = false;
  }, [formRef]);

  /** Puts a draft in the form, asking the server for its category's fields when needed. */
  const restore = useCallback(
    (draft: Draft) => {
      const s = state.current;
      const form = formRef.current;
      if (!form) return;
      if (s.pending) finishRestore();
      s.restoring = true;
      const { values } = draft;
      for (const [name, value] of Object.entries(values)) {
        if (!isDetail(name) && name !== "categoryId" && name !== "fieldsFor") {
          applyValue(form, name, value);
        }
      }
      const category = form.querySelector<HTMLSelectElement>('select[name="categoryId"]');
      const draftCategory = values.categoryId ?? category?.value ?? "";
      const details = Object.entries(values).filter(([name]) => isDetail(name));
      const sameCategory = !category || category.value === draftCategory;
      if (sameCategory && details.every(([name, value]) => canApply(form, name, value))) {
        for (const [name, value] of details) applyValue(form, name, value);
        s.last = readDraftValues(form);
        s.restoring = false;
        return;
      }
      if (category) applyValue(form, "categoryId", draftCategory);
      const button = refreshButtonOf(form);
      if (!button || !navigator.onLine) {
        // Without the server the fields of another category cannot appear: keep what fits.
        for (const [name, value] of details) applyValue(form, name, value);
        s.refreshWhenOnline = Boolean(button);
        s.last = readDraftValues(form);
        s.restoring = false;
        return;
      }
      // "Show the fields" sends the form's choices to the server, which answers with the
      // category's fields. Without details to fill in, nothing has to wait for that answer.
      const pending = { draft, timers: [] as ReturnType<typeof setTimeout>[] };
      s.pending = pending;
      pending.timers.push(
        setTimeout(() => {
          if (s.pending === pending) finishRestore();
        }, REFRESH_MAX_MS),
      );
      const fieldsFor = () =>
        form.querySelector<HTMLInputElement>(`input[name="fieldsFor"]:not([${TEMP}])`)?.value ?? "";
      const settled = () =>
        fieldsFor() === draftCategory &&
        details.every(([name, value]) => canApply(form, name, value));
      const wait = () => {
        if (s.pending !== pending) return;
        if (settled()) finishRestore();
        else pending.timers.push(setTimeout(wait, 100));
      };
      // The form's own submit handler (which asks without a page load) is in place once the
      // form says it is hydrated.
      const send = (tries: number) => {
        if (s.pending !== pending) return;
        if (!form.hasAttribute("data-hydrated") && tries > 0) {
          pending.timers.push(setTimeout(() => send(tries - 1), 50));
          return;
        }
        if (details.length > 0) {
          // The draft's details go with the question, so the answer has them chosen (and a
          // chosen make's models); `fieldsFor` says they belong to the draft's category.
          for (const element of Array.from(
            form.querySelectorAll<HTMLInputElement>(`input[name="fieldsFor"]:not([${TEMP}])`),
          )) {
            element.disabled = true;
            element.setAttribute("data-draft-disabled", "");
          }
          hidden("fieldsFor", values.fieldsFor ?? "");
          for (const [name, value] of details) hidden(name, value);
        }
        form.requestSubmit(button);
        if (details.length === 0) finishRestore();
        else wait();
      };
      const hidden = (name: string, value: string) => {
        const input = document.createElement("input");
        input.type = "hidden";
        input.name = name;
        input.value = value;
        input.setAttribute(TEMP, "");
        form.append(input);
      };
      send(40);
    },
    [formRef, finishRestore],
  );

  /** Saves the form's values now, unless nothing changed. */
  const flush = useCallback(() => {
    const s = state.current;
    clearTimeout(s.timer);
    s.timer = undefined;
    const form = formRef.current;
    const store = browserStorage("localStorage");
    if (!form || !store || !draftKey || s.restoring) return;
    const values = readDraftValues(form);
    if (sameValues(values, s.last)) return;
    s.last = values;
    if (sameValues(values, s.initial)) {
      // Back to what the server showed: nothing to keep.
      clearDraft(store, draftKey);
      setSavedAt(null);
      return;
    }
    void saveDraftWithRetry(store, draftKey, values, { now: Date.now }).then((result) => {
      if (!s.alive) return;
      if (result.status === "saved" || result.status === "unchanged") {
        setSavedAt(result.draft.savedAt);
        setNotice((current) => (current === "notSaved" ? null : current));
      } else {
        setNotice("notSaved");
      }
    });
  }, [formRef, draftKey]);

  const schedule = useCallback(() => {
    const s = state.current;
    if (s.restoring) return;
    clearTimeout(s.timer);
    s.timer = setTimeout(flush, SAVE_DEBOUNCE_MS);
  }, [flush]);

  useEffect(() => {
    const form = formRef.current;
    const store = browserStorage("localStorage");
    if (!form || !store || !draftKey) return;
    const s = state.current;
    s.alive = true;
    setOnline(navigator.onLine);

    try {
      cleanupDrafts(store, Date.now);
    } catch {
      // Storage that cannot be read has no drafts to clean.
    }
    s.initial = readDraftValues(form);
    s.last = s.initial;
    let draft: Draft | null = null;
    try {
      draft = loadDraft(store, draftKey, Date.now);
    } catch {
      draft = null;
    }
    if (draft) {
      setSavedAt(draft.savedAt);
      if (!sameValues(draft.values, s.initial)) {
        setRestoredFrom(draft.savedAt);
        restore(draft);
      }
    }

    const onEdit = () => schedule();
    const onSubmit = (event: SubmitEvent) => {
      // Conform checks a field by sending the form with its own hidden button: not a send.
      if (event.submitter?.getAttribute("name") === CONFORM_INTENT) return;
      const isRefresh = event.submitter?.getAttribute("value") === "refresh";
      if (isRefresh && navigator.onLine === false) {
        // The fields cannot come: keep the choice and say so. The form's own handler never runs.
        event.preventDefault();
        event.stopImmediatePropagation();
        s.refreshWhenOnline = true;
        setNotice("offlineRefresh");
        return;
      }
      if (isRefresh) return;
      // A save (sent now, or queued by the form until the connection is back): the draft stays
      // until the listing's page is reached.
      flush();
      const session = browserStorage("sessionStorage");
      try {
        if (session) markSubmitted(session, draftKey, Date.now);
      } catch {
        // Without session storage the draft stays after the save; it can still be cleared.
      }
    };
    const onOnline = () => {
      setOnline(true);
      setNotice((current) => (current === "notSaved" ? current : null));
      if (s.refreshWhenOnline) {
        s.refreshWhenOnline = false;
        const button = refreshButtonOf(form);
        if (button) form.requestSubmit(button);
      }
    };
    const onOffline = () => setOnline(false);
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea !== store) return;
      if (event.key !== null && event.key !== draftKey) return;
      const other = event.key === null ? null : parseDraft(event.newValue);
      if (!other) {
        // Cleared in another tab (or by a save there): this tab's copy is gone too.
        setSavedAt(null);
        setRestoredFrom(null);
        return;
      }
      setSavedAt(other.savedAt);
      clearTimeout(s.timer);
      s.timer = undefined;
      if (sameValues(other.values, readDraftValues(form))) s.last = other.values;
      else restore(other);
    };
    const onPageHide = () => flush();
    // A category's fields arrive without an input event: save them as well.
    const observer = new MutationObserver(() => schedule());
    observer.observe(form, { childList: true, subtree: true });

    form.addEventListener("input", onEdit);
    form.addEventListener("change", onEdit);
    form.addEventListener("submit", onSubmit);
    window.addEventListener("online", onOnline);
    window.addEventListener("offline", onOffline);
    window.addEventListener("storage", onStorage);
    window.addEventListener("pagehide", onPageHide);
    return () => {
      observer.disconnect();
      form.removeEventListener("input", onEdit);
      form.removeEventListener("change", onEdit);
      form.removeEventListener("submit", onSubmit);
      window.removeEventListener("online", onOnline);
      window.removeEventListener("offline", onOffline);
      window.removeEventListener("storage", onStorage);
      window.removeEventListener("pagehide", onPageHide);
      // Leaving the page (e.g. Cancel): what was typed in the last second is kept.
      if (s.timer !== undefined) flush();
      if (s.pending) finishRestore();
      s.alive = false;
    };
  }, [draftKey, formRef, flush, schedule, restore, finishRestore]);

  const clear = useCallback(() => {
    const s = state.current;
    clearTimeout(s.timer);
    s.timer = undefined;
    const store = browserStorage("localStorage");
    if (store && draftKey) clearDraft(store, draftKey);
    if (formRef.current) s.last = readDraftValues(formRef.current);
    setSavedAt(null);
    setRestoredFrom(null);
    setNotice(null);
  }, [draftKey, formRef]);

  return { savedAt, restoredFrom, online, notice, clear };
}
