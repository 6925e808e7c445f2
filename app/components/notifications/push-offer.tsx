import { useEffect, useState } from "react";
import { Icon } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/react";
import { PushOptIn } from "./push-opt-in";
import type { PushState } from "./web-push-client";

const DISMISSED_KEY = "souqna.pushOffer";

/**
 * "Get notified of replies" under a thread with messages (decision 021): offered only where it
 * can work (the browser has Push, has not blocked us, this device is not subscribed yet) and
 * until the member says "Not now" on this browser. Settings has the same switch for good.
 */
export function PushOffer() {
  const { t } = useTranslation("messages");
  const [state, setState] = useState<PushState | null>(null);
  const [offered, setOffered] = useState(false);
  const [dismissed, setDismissed] = useState(true);

  useEffect(() => {
    try {
      setDismissed(localStorage.getItem(DISMISSED_KEY) === "dismissed");
    } catch {
      setDismissed(false);
    }
  }, []);

  const onState = (next: PushState) => {
    setState(next);
    if (next === "off") setOffered(true);
  };
  const dismiss = () => {
    setDismissed(true);
    try {
      localStorage.setItem(DISMISSED_KEY, "dismissed");
    } catch {
      // Private mode: dismissed for this page only.
    }
  };
  // Shown while there is something to do, and once more to say it is done.
  const visible = !dismissed && offered && state !== null;
  // On a phone the text takes the width and the buttons go under it; side by side from `sm` on.
  return (
    <aside
      className="mx-3 mb-2 flex flex-col gap-3 rounded-xl bg-brand-50 px-4 py-3 text-sm sm:mx-4 sm:flex-row sm:items-center"
      hidden={!visible}
      data-testid="push-offer"
    >
      <div className="flex min-w-0 items-start gap-3 sm:flex-1" data-testid="push-offer-text">
        <Icon name="bell-ring" className="size-5 shrink-0 text-brand-700" aria-hidden />
        <div className="min-w-0">
          <p className="font-semibold text-ink">{t("push.offerTitle")}</p>
          {state === "off" ? <p className="text-muted">{t("push.offerBody")}</p> : null}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 ps-8 sm:ps-0">
        <PushOptIn
          testId="push-offer-optin"
          onState={onState}
          texts={{
            enable: t("push.enable"),
            enabled: t("push.enabled"),
            working: t("push.working"),
            unsupported: t("push.unsupported"),
            denied: t("push.denied"),
            failed: t("push.failed"),
          }}
        />
        {state === "off" ? (
          <button
            type="button"
            className="min-h-11 text-sm font-medium text-muted underline-offset-2 hover:underline"
            onClick={dismiss}
            data-testid="push-offer-dismiss"
          >
            {t("push.notNow")}
          </button>
        ) : null}
      </div>
    </aside>
  );
}
