import { useEffect, useState } from "react";

/**
 * Installing Souqna as an app (it works offline: decision 024). The browser offers it once, with a
 * `beforeinstallprompt` event that may fire before the page's JavaScript has loaded; a tiny
 * script in the document's head (root.tsx) keeps the event on `window` and announces it, and the
 * header (the drawer on phones) shows its entry only then (install-entry.tsx, fetched on demand).
 * Without JavaScript, or when already running as the installed app, nothing shows.
 */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

declare global {
  interface Window {
    /** The browser's offer to install, kept by installPromptScript until it is used. */
    __souqnaInstall?: InstallPromptEvent | null;
  }
}

/** Fired on `window` whenever the offer comes or goes. */
export const INSTALL_EVENT = "souqna:install";

/** Inline, ahead of the page's modules: the event can come before they run. */
export const installPromptScript = `(function(){function s(e){window.__souqnaInstall=e;dispatchEvent(new Event("${INSTALL_EVENT}"))}addEventListener("beforeinstallprompt",function(e){if(matchMedia("(display-mode: standalone)").matches)return;e.preventDefault();s(e)});addEventListener("appinstalled",function(){s(null)})})()`;

/** Whether the browser's offer to install is here (false on the server and before hydration). */
export function useInstallOffer() {
  const [offered, setOffered] = useState(false);
  useEffect(() => {
    const update = () => setOffered(Boolean(window.__souqnaInstall));
    update();
    window.addEventListener(INSTALL_EVENT, update);
    return () => window.removeEventListener(INSTALL_EVENT, update);
  }, []);
  return offered;
}

/**
 * Asks the browser to show its install dialog. The offer can be used once: it is dropped at once
 * (whatever the answer), and everything that offered it hides; the browser offers again later if
 * it is declined.
 */
export function promptInstall() {
  const offer = window.__souqnaInstall;
  window.__souqnaInstall = null;
  window.dispatchEvent(new Event(INSTALL_EVENT));
  void offer?.prompt().catch(() => {});
}
