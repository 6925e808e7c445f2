import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";

/** Tells the visitor when the connection drops and comes back (spec's two toasts). */
export function NetworkStatus() {
  const { t } = useTranslation();
  useEffect(() => {
    const offline = () =>
      toast.warning(t("network.offline"), {
        id: "network",
        description: t("network.offlineDescription"),
      });
    const online = () => toast.success(t("network.online"), { id: "network" });
    window.addEventListener("offline", offline);
    window.addEventListener("online", online);
    if (!navigator.onLine) offline();
    return () => {
      window.removeEventListener("offline", offline);
      window.removeEventListener("online", online);
    };
  }, [t]);
  return null;
}
