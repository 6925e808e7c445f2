import { useEffect, useRef, useState } from "react";
import { buttonStyles } from "~/components/ui/button-styles";
import type { PushState } from "./web-push-client";

/** The texts, from the caller's catalog (settings and the message thread word them differently). */
export interface PushOptInTexts {
  enable: string;
  enabled: string;
  /** Without it, a subscribed device shows only `enabled`. */
  disable?: string;
  working: string;
  unsupported: string;
  denied: string;
  failed: string;
  /** Shown without JavaScript; without it nothing is. */
  noJs?: string;
}

// The worker's registration and the subscription are fetched on demand, once per page view.
const client = () => import("./web-push-client");

/**
 * "Get notified on this device": a comfort that needs JavaScript. Before its code runs it draws
 * nothing but the no-JavaScript note; then it asks the browser whether it can, may and does get
 * Souqna's notifications, and offers what is left to do.
 */
export function PushOptIn({
  texts,
  testId,
  onState,
  hideWhenOn = false,
}: {
  texts: PushOptInTexts;
  testId: string;
  /** Told of every state, e.g. to hide an offer once it is taken. */
  onState?: (state: PushState) => void;
  /** The thread's offer: nothing to show once this device is subscribed. */
  hideWhenOn?: boolean;
}) {
  const [state, setState] = useState<PushState | "checking">("checking");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const told = useRef(onState);
  told.current = onState;

  useEffect(() => {
    let live = true;
    client()
      .then((c) => c.pushState())
      .then((next) => {
        if (!live) return;
        setState(next);
        told.current?.(next);
      })
      .catch(() => live && setState("unsupported"));
    return () => {
      live = false;
    };
  }, []);

  const run = (action: "enablePush" | "disablePush") => async () => {
    setBusy(true);
    setError("");
    try {
      const next = await (await client())[action]();
      setState(next);
      onState?.(next);
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : texts.failed);
    } finally {
      setBusy(false);
    }
  };

  if (state === "checking") {
    return texts.noJs ? (
      <noscript>
        <p className="text-sm text-muted" data-testid={`${testId}-nojs`}>
          {texts.noJs}
        </p>
      </noscript>
    ) : null;
  }
  if (state === "on" && hideWhenOn) return null;
  return (
    <div className="space-y-2" data-testid={testId} data-state={state}>
      {state === "unsupported" || state === "denied" ? (
        <p className="text-sm text-muted">{texts[state]}</p>
      ) : null}
      {state === "off" ? (
        <button
          type="button"
          className={buttonStyles.secondary}
          onClick={run("enablePush")}
          disabled={busy}
          data-testid={`${testId}-enable`}
        >
          {busy ? texts.working : texts.enable}
        </button>
      ) : null}
      {state === "on" ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm font-medium text-ink">{texts.enabled}</p>
          {texts.disable ? (
            <button
              type="button"
              className={buttonStyles.secondary}
              onClick={run("disablePush")}
              disabled={busy}
              data-testid={`${testId}-disable`}
            >
              {busy ? texts.working : texts.disable}
            </button>
          ) : null}
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
