import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { decideDraft, detailsToApply, withPendingDetails } from "./draft-decision";
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
 * hook reads them from the DOM, saves them a second after the last change (and at once when the
 * page is hidden: a phone's screen turning off), puts a saved draft back on load (asking the
 * server for the draft category's fields first when they differ from the ones rendered), follows
 * other tabs, and keeps a listing that is posted offline as a draft. Photos are never part of a
 * draft.
 *
 * A draft never overwrites what the person typed (draft-decision.ts): it goes in by itself only
 * while the form is untouched since the page opened — typing into the server's form before this
 * code ran counts — and is offered otherwise. Only a touched form saves: a tab that merely shows
 * a draft has nothing of its own to keep, and would echo the draft back to the other tabs.
 */

export type DraftNotice = "offlineRefresh" | "notSaved";

/** A draft not put in because the person had typed: found on load, or saved in another tab. */
export interface DraftOffer {
  draft: Draft;
  from: "earlier" | "otherTab";
}

export interface ListingDraft {
  /** When the stored draft was saved; null without one. */
  savedAt: number | null;
  /** When the draft put back on load had been saved. */
  restoredFrom: number | null;
  online: boolean;
  notice: DraftNotice | null;
  offer: DraftOffer | null;
  clear: () => void;
  /** Puts the offered draft in the form, in place of what was typed. */
  takeOffer: () => void;
  dismissOffer: () => void;
}

/** Names that are not part of a draft. */
const SKIPPED = new Set(["images", "intent", "primaryImageId", "removedImageIds"]);
const TEMP = "data-draft-temp";
/** The name of the button Conform submits the form with to check a field (@conform-to/dom). */
const CONFORM_INTENT = "__intent__";
/** How long a restore waits for the draft category's fields before filling in what it can. */
const REFRESH_MAX_MS = 10_000;
/** The input events this hook sends itself while putting a draft in: not the person's typing. */
const ownEvents = new WeakSet<Event>();

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

const isControl = (target: unknown): target is Control =>
  target instanceof HTMLInputElement ||
  target instanceof HTMLSelectElement ||
  target instanceof HTMLTextAreaElement;

/** A select's value as the server drew it: its `selected` option, else the first one. */
function defaultOfSelect(select: HTMLSelectElement) {
  const options = Array.from(select.options);
  return (options.find((option) => option.defaultSelected) ?? options[0])?.value ?? "";
}

/** Inputs whose value nobody types: the form's own. */
const UNTYPED = new Set(["hidden", "submit", "button", "reset", "image", "file"]);

/**
 * A control's value as the server drew it; `undefined` when it sends none (an unchecked box, a
 * button, a file).
 */
function serverValueOf(control: Control): string | undefined {
  if (control instanceof HTMLSelectElement) return defaultOfSelect(control);
  if (control instanceof HTMLTextAreaElement) return control.defaultValue;
  if (control.type === "checkbox" || control.type === "radio") {
    return control.defaultChecked ? control.value : undefined;
  }
  if (control.type === "hidden") return control.value;
  return UNTYPED.has(control.type) ? undefined : control.defaultValue;
}

/** The form's values as the server drew it, whatever was typed since (`readDraftValues`'s shape). */
function serverValues(form: HTMLFormElement): DraftValues {
  const values: DraftValues = {};
  for (const control of Array.from(form.elements)) {
    if (!isControl(control) || !control.name || control.disabled) continue;
    if (SKIPPED.has(control.name) || control.hasAttribute(TEMP)) continue;
    const value = serverValueOf(control);
    if (value !== undefined) values[control.name] = value;
  }
  return values;
}

/**
 * The names of the controls whose value is no longer the one the server drew: what the person
 * typed, chose or picked before this code ran (React keeps it when it takes the page over).
 */
function editedNames(form: HTMLFormElement): string[] {
  const names = new Set<string>();
  for (const control of Array.from(form.elements)) {
    if (!isControl(control) || !control.name || control.hasAttribute(TEMP)) continue;
    let edited: boolean;
    if (control instanceof HTMLInputElement && control.type === "file") {
      edited = (control.files?.length ?? 0) > 0;
    } else if (
      control instanceof HTMLInputElement &&
      (control.type === "checkbox" || control.type === "radio")
    ) {
      edited = control.checked !== control.defaultChecked;
    } else if (control instanceof HTMLInputElement && UNTYPED.has(control.type)) {
      edited = false;
    } else {
      edited = control.value !== serverValueOf(control);
    }
    if (edited) names.add(control.name);
  }
  return [...names];
}

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
    const event = new Event("input", { bubbles: true });
    ownEvents.add(event);
    control.dispatchEvent(event);
  }
}

const isDetail = (name: string) => name.startsWith("detail.");

/** The form's "Show the fields" button: pressing it asks the server for the chosen fields. */
const refreshButtonOf = (form: HTMLFormElement) =>
  form.querySelector<HTMLButtonElement>('[data-testid="refresh-form"]');

/** The draft's details sent along with a refresh, and the `fieldsFor` they stood in for. */
function removeTemporaryInputs(form: HTMLFormElement) {
  for (const temp of Array.from(form.querySelectorAll(`[${TEMP}]`))) temp.remove();
  for (const element of Array.from(
    form.querySelectorAll<HTMLInputElement>("[data-draft-disabled]"),
  )) {
    element.disabled = false;
    element.removeAttribute("data-draft-disabled");
  }
}

export function useListingDraft(
  formRef: RefObject<HTMLFormElement | null>,
  draftKey: string | undefined,
): ListingDraft {
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const [restoredFrom, setRestoredFrom] = useState<number | null>(null);
  const [online, setOnline] = useState(true);
  const [notice, setNotice] = useState<DraftNotice | null>(null);
  const [offer, setOffer] = useState<DraftOffer | null>(null);

  const state = useRef({
    /** The values the server rendered: a draft equal to them is no draft. */
    initial: {} as DraftValues,
    /** The values last saved or put in the form. */
    last: {} as DraftValues,
    /** The person typed, chose or picked something since the page opened. */
    touched: false,
    /** The controls they changed: a restore still waiting for its fields leaves these alone. */
    touchedNames: new Set<string>(),
    offer: null as DraftOffer | null,
    timer: undefined as ReturnType<typeof setTimeout> | undefined,
    /** A restore waiting for the draft category's fields to appear. */
    pending: null as null | { draft: Draft; timers: ReturnType<typeof setTimeout>[] },
    /** A refresh asked for while offline, sent when back online. */
    refreshWhenOnline: false,
    alive: true,
  });

  const showOffer = useCallback((next: DraftOffer | null) => {
    state.current.offer = next;
    setOffer(next);
  }, []);

  /** Saves the form's values now, unless nothing changed or the person has typed nothing. */
  const flush = useCallback(() => {
    const s = state.current;
    clearTimeout(s.timer);
    s.timer = undefined;
    const form = formRef.current;
    const store = browserStorage("localStorage");
    if (!form || !store || !draftKey || !s.touched) return;
    let values = readDraftValues(form);
    // Saved while a restore waits for its fields: the draft's details are kept with the rest.
    if (s.pending) values = withPendingDetails(values, s.pending.draft.values, s.touchedNames);
    if (sameValues(values, s.last)) return;
    const previous = s.last;
    s.last = values;
    if (sameValues(values, s.initial)) {
      // Back to what the server showed: nothing to keep — unless the stored draft is another
      // tab's, which is not this tab's to throw away.
      try {
        const stored = parseDraft(store.getItem(draftKey));
        if (!stored || sameValues(stored.values, previous)) clearDraft(store, draftKey);
      } catch {
        // Storage that cannot be read holds nothing to clear.
      }
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
    clearTimeout(s.timer);
    s.timer = setTimeout(flush, SAVE_DEBOUNCE_MS);
  }, [flush]);

  /**
   * A draft is in. Untouched, the form now shows the stored draft: nothing to save. Touched (the
   * person chose to restore it), what they see is saved, as any change of theirs is.
   */
  const settle = useCallback(() => {
    const s = state.current;
    const form = formRef.current;
    if (!form) return;
    if (s.touched) schedule();
    else s.last = readDraftValues(form);
  }, [formRef, schedule]);

  /** Ends a restore: the draft's details go in, except over what was typed meanwhile. */
  const finishRestore = useCallback(() => {
    const s = state.current;
    const form = formRef.current;
    const pending = s.pending;
    s.pending = null;
    if (pending) for (const timer of pending.timers) clearTimeout(timer);
    if (!form) return;
    removeTemporaryInputs(form);
    if (pending) {
      // The make before the model: a model's options depend on it.
      for (const [name, value] of detailsToApply(pending.draft.values, s.touchedNames)) {
        applyValue(form, name, value);
      }
    }
    settle();
  }, [formRef, settle]);

  /** Puts a draft in the form, asking the server for its category's fields when needed. */
  const restore = useCallback(
    (draft: Draft) => {
      const s = state.current;
      const form = formRef.current;
      if (!form) return;
      if (s.pending) finishRestore();
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
        settle();
        return;
      }
      if (category) applyValue(form, "categoryId", draftCategory);
      const button = refreshButtonOf(form);
      if (!button || !navigator.onLine) {
        // Without the server the fields of another category cannot appear: keep what fits.
        for (const [name, value] of details) applyValue(form, name, value);
        s.refreshWhenOnline = Boolean(button);
        settle();
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
        // The form's handler read the question as the form was sent: the temporary inputs have
        // done their work, and must not ride along with what the person asks for next.
        removeTemporaryInputs(form);
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
    [formRef, finishRestore, settle],
  );

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
    s.initial = serverValues(form);
    s.last = s.initial;
    // Typed before this code ran (the form's code is slow to come on a thin connection): the
    // person's, kept and saved.
    for (const name of editedNames(form)) s.touchedNames.add(name);
    s.touched = s.touchedNames.size > 0;
    let draft: Draft | null = null;
    try {
      draft = loadDraft(store, draftKey, Date.now);
    } catch {
      draft = null;
    }
    if (draft) {
      const current = readDraftValues(form);
      switch (decideDraft(draft, { current, initial: s.initial, touched: s.touched })) {
        case "same":
          s.last = draft.values;
          setSavedAt(draft.savedAt);
          break;
        case "apply":
          setSavedAt(draft.savedAt);
          setRestoredFrom(draft.savedAt);
          restore(draft);
          break;
        case "offer":
          showOffer({ draft, from: "earlier" });
          break;
        case "none":
      }
    }
    if (s.touched) schedule();

    const onEdit = (event: Event) => {
      if (ownEvents.has(event)) return;
      s.touched = true;
      const name = isControl(event.target) ? event.target.name : "";
      if (name) s.touchedNames.add(name);
      // Another category chosen while a restore waits: the draft's details are not for it.
      if (name === "categoryId" && s.pending) finishRestore();
      schedule();
    };
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
        showOffer(null);
        return;
      }
      const current = readDraftValues(form);
      switch (decideDraft(other, { current, initial: s.initial, touched: s.touched })) {
        case "same":
          s.last = other.values;
          setSavedAt(other.savedAt);
          showOffer(null);
          break;
        case "apply":
          // Nothing typed here: this tab follows the one being typed in.
          setSavedAt(other.savedAt);
          restore(other);
          break;
        case "offer":
          showOffer({ draft: other, from: "otherTab" });
          break;
        case "none":
      }
    };
    const onPageHide = () => flush();
    const onVisibility = () => {
      // The screen turned off or another app came up: the page may never be shown again.
      if (document.visibilityState === "hidden") flush();
    };
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
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      observer.disconnect();
      form.removeEventListener("input", onEdit);
      form.removeEventListener("change", onEdit);
      form.removeEventListener("submit", onSubmit);
      window.removeEventListener("online", onOnline);
      window.removeEventListener("offline", onOffline);
      window.removeEventListener("storage", onStorage);
      window.removeEventListener("pagehide", onPageHide);
      document.removeEventListener("visibilitychange", onVisibility);
      // Leaving the page (e.g. Cancel): what was typed in the last second is kept.
      if (s.timer !== undefined) flush();
      if (s.pending) finishRestore();
      s.alive = false;
    };
  }, [draftKey, formRef, flush, schedule, restore, finishRestore, showOffer]);

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
    showOffer(null);
  }, [draftKey, formRef, showOffer]);

  const takeOffer = useCallback(() => {
    const s = state.current;
    const taken = s.offer;
    if (!taken) return;
    showOffer(null);
    // The person's choice: the whole draft goes in, over what they typed, and is then saved.
    s.touchedNames.clear();
    setRestoredFrom(taken.draft.savedAt);
    restore(taken.draft);
  }, [restore, showOffer]);

  const dismissOffer = useCallback(() => showOffer(null), [showOffer]);

  return { savedAt, restoredFrom, online, notice, offer, clear, takeOffer, dismissOffer };
}
