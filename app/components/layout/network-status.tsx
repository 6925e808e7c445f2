import { CircleCheck, WifiOff } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/react";

type State = "online" | "offline" | "back";

/** After the page is up, when the browser is idle: the service worker's side (decision 024). */
function useServiceWorker(signedIn: boolean, texts: { update: string; reload: string }) {
  const { update, reload } = texts;
  useEffect(() => {
    // Built with the production build only (scripts/build-service-worker.mjs).
    if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
    let cancelled = false;
    const start = () => {
      import("./service-worker")
        .then((worker) => {
          if (cancelled) return;
          void worker.forgetPersonalCopies(signedIn);
          worker.startServiceWorker({ update, reload });
        })
        .catch(() => {});
    };
    const idle = window.requestIdleCallback
      ? window.requestIdleCallback(start, { timeout: 5000 })
      : window.setTimeout(start, 2000);
    return () => {
      cancelled = true;
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, [signedIn, update, reload]);
}

/**
 * Tells the visitor when the connection drops (a notice that stays while it is down) and when it
 * comes back (for a few seconds). Drawn here rather than as a toast: the toast library is fetched
 * after the page loads, and a connection that drops before then is exactly when this must show.
 */
export function NetworkStatus({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  useServiceWorker(signedIn, { update: t("network.update"), reload: t("network.reload") });
  const [state, setState] = useState<State>("online");
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const offline = () => {
      clearTimeout(timer);
      setState("offline");
    };
    const online = () => {
      setState("back");
      clearTimeout(timer);
      timer = setTimeout(() => setState("online"), 4000);
    };
    window.addEventListener("offline", offline);
    window.addEventListener("online", online);
    if (!navigator.onLine) offline();
    return () => {
      clearTimeout(timer);
      window.removeEventListener("offline", offline);
      window.removeEventListener("online", online);
    };
  }, []);
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4"
    >
      {state === "offline" ? (
        <div
          className="flex max-w-md items-start gap-3 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 shadow-lg ring-1 ring-amber-200"
          data-testid="network-offline"
        >
          <WifiOff className="mt-0.5 size-4 shrink-0" aria-hidden />
          <p>
            <span className="block font-semibold">{t("network.offline")}</span>
            {t("network.offlineDescription")}
          </p>
        </div>
      ) : state === "back" ? (
        <div
          className="flex items-center gap-3 rounded-xl bg-emerald-50 px-4 py-3 text-sm font-semibold text-emerald-900 shadow-lg ring-1 ring-emerald-200"
          data-testid="network-online"
        >
          <CircleCheck className="size-4 shrink-0" aria-hidden />
          {t("network.online")}
        </div>
      ) : null}
    </div>
  );
}
