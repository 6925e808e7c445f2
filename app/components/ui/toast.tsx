import { useEffect, useState } from "react";
import type { ExternalToast, ToasterProps } from "sonner";

/*
 * Toasts without their 9 KB in the first load: the toast library is fetched after the page has
 * hydrated (when the browser is idle, or at the first toast), and a toast asked for before it is
 * ready waits for it. Every screen imports `toast` from here, never from "sonner".
 */
type Sonner = typeof import("sonner");
let library: Promise<Sonner> | undefined;
let markMounted: () => void = () => {};
/** Set by <Toasts>: mounts the toaster now rather than when the browser is idle. */
let mountNow: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

function loadLibrary() {
  // A failed fetch (the connection dropped) is forgotten, so the next toast tries again.
  library ??= import("sonner").catch((error: unknown) => {
    library = undefined;
    throw error;
  });
  return library;
}

function show(
  kind: "message" | "success" | "error" | "warning",
  text: string,
  options?: ExternalToast,
) {
  mountNow();
  void Promise.all([loadLibrary(), mounted])
    .then(([{ toast: sonner }]) => {
      if (kind === "message") sonner(text, options);
      else sonner[kind](text, options);
    })
    .catch(() => {
      // Offline before the library came: this toast is lost, the next one will try again.
    });
}

export const toast = Object.assign(
  (text: string, options?: ExternalToast) => show("message", text, options),
  {
    success: (text: string, options?: ExternalToast) => show("success", text, options),
    error: (text: string, options?: ExternalToast) => show("error", text, options),
    warning: (text: string, options?: ExternalToast) => show("warning", text, options),
  },
);

/** Where toasts appear; renders nothing on the server or before the library is needed. */
export function Toasts(props: ToasterProps) {
  const [Toaster, setToaster] = useState<Sonner["Toaster"] | null>(null);
  useEffect(() => {
    let cancelled = false;
    let idle: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = () => {
      loadLibrary()
        .then((library) => {
          if (!cancelled) setToaster(() => library.Toaster);
        })
        .catch(() => {
          // Offline: try again when the connection is back.
          window.addEventListener("online", start, { once: true });
        });
    };
    mountNow = start;
    if (typeof window.requestIdleCallback === "function") {
      idle = window.requestIdleCallback(start, { timeout: 3000 });
    } else timer = globalThis.setTimeout(start, 1000);
    return () => {
      cancelled = true;
      if (idle !== undefined) window.cancelIdleCallback(idle);
      clearTimeout(timer);
      window.removeEventListener("online", start);
    };
  }, []);
  // The toaster listens from its own effect, which runs before this one.
  useEffect(() => {
    if (Toaster) markMounted();
  }, [Toaster]);
  return Toaster ? <Toaster {...props} /> : null;
}
