import { useState } from "react";
import { Link, useLocation, useRevalidator } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { Icon } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/react";
import { currentPath } from "~/utils/same-origin-path";

export const MAX_RETRIES = 3;

/**
 * The generic error screen: what happened in plain words, Try Again (up to three times,
 * re-running the page's data) and Go Home. Without JavaScript Try Again simply reloads.
 */
export function ErrorScreen({ message, reference }: { message?: string; reference?: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const revalidator = useRevalidator();
  const [attempts, setAttempts] = useState(0);
  const exhausted = attempts >= MAX_RETRIES;
  const busy = revalidator.state === "loading";
  return (
    <main
      id="main"
      className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center"
      data-testid="error-screen"
    >
      <div className="rounded-full bg-red-50 p-4 text-red-600">
        <Icon name="triangle-exclamation-point" className="size-8" aria-hidden />
      </div>
      <h1 className="mt-6 text-2xl font-bold">{t("error.title")}</h1>
      <p className="mt-3 text-muted">{message || t("error.unexpected")}</p>
      {reference ? (
        <p className="mt-2 text-xs text-slate-400" dir="ltr">
          {t("error.reference", { id: reference })}
        </p>
      ) : null}
      {attempts > 0 ? (
        <p className="mt-4 text-sm text-muted" role="status">
          {t("error.retryAttempt", { n: attempts })}
        </p>
      ) : null}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {exhausted ? null : (
          <a
            href={currentPath(location.pathname, location.search)}
            className={buttonStyles.primary}
            aria-disabled={busy}
            onClick={(event) => {
              event.preventDefault();
              if (busy) return;
              setAttempts((n) => n + 1);
              void revalidator.revalidate();
            }}
          >
            <Icon
              name="refresh-cw"
              className={`size-4 ${busy ? "animate-spin" : ""}`}
              aria-hidden
            />
            {t("error.tryAgain")}
          </a>
        )}
        <Link to="/" className={buttonStyles.secondary} reloadDocument>
          {t("error.goHome")}
        </Link>
      </div>
    </main>
  );
}
