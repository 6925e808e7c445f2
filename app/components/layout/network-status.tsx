import { useEffect, useState } from "react";
import { Icon } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/react";

type State = "online" | "offline" | "back";

/**
 * Tells the visitor when the connection drops (a notice that stays while it is down) and when it
 * comes back (for a few seconds). Drawn here rather than as a toast: the toast library is fetched
 * after the page loads, and a connection that drops before then is exactly when this must show.
 */
export function NetworkStatus() {
  const { t } = useTranslation();
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
          <Icon name="wifi-off" className="mt-0.5 size-4 shrink-0" aria-hidden />
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
          <Icon name="circle-check" className="size-4 shrink-0" aria-hidden />
          {t("network.online")}
        </div>
      ) : null}
    </div>
  );
}
