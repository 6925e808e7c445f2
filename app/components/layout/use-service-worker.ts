import { useEffect } from "react";
import { useTranslation } from "~/i18n/react";

/** After the page is up, when the browser is idle: the service worker's side (decision 024). */
export function useServiceWorker(signedIn: boolean) {
  const { t } = useTranslation();
  const update = t("network.update");
  const reload = t("network.reload");
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
