import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import type { SafetyFlags } from "~/domain/messaging/safety-check";
import { useTranslation } from "~/i18n/react";

/** The reader's short warning above a message with a link or a request to pay outside Souqna. */
export function SafetyWarning({ flags }: { flags: SafetyFlags }) {
  const { t } = useTranslation("messages");
  // Only the type is imported: the phrase lists stay on the server (the thread's 130 KB budget).
  if (!flags.link && !flags.payment && !flags.code) return null;
  return (
    <div
      role="note"
      className="flex max-w-[85%] gap-2 rounded-xl bg-amber-50 px-3 py-2 text-xs text-amber-900 ring-1 ring-amber-200 sm:max-w-md"
      data-testid="safety-warning"
    >
      <Icon
        name="shield-exclamation-point"
        className="mt-0.5 size-4 shrink-0 text-amber-600"
        aria-hidden
      />
      <div className="space-y-1">
        <p className="font-semibold">{t("thread.safety.title")}</p>
        {flags.payment ? <p data-testid="safety-payment">{t("thread.safety.payment")}</p> : null}
        {flags.code ? <p data-testid="safety-code">{t("thread.safety.code")}</p> : null}
        {flags.link ? <p data-testid="safety-link">{t("thread.safety.link")}</p> : null}
        <Link to="/safety-tips" className="font-semibold underline underline-offset-2">
          {t("thread.safety.tips")}
        </Link>
      </div>
    </div>
  );
}
