import { Suspense } from "react";
import { Form, useNavigation } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { FormAlert } from "~/components/ui/field";
import { onDemand } from "~/components/ui/on-demand";
import { useTranslation } from "~/i18n/react";
import type { FormReply } from "~/utils/form-reply";
import type { ComposerProps } from "./message-composer";

// The composer (and Conform) is fetched after the page is interactive; the server draws it in
// place, and until its code arrives it is a plain form the action answers.
const Composer = onDemand(() => import("./message-composer").then((m) => m.Composer), {
  prefetch: true,
});

// "Make an offer" (issue 31): drawn by the server, its code fetched after the page's.
const OfferForm = onDemand(() => import("./offers").then((m) => m.OfferForm));

interface FooterProps extends ComposerProps {
  /** The answer to the offer form, when it was the one sent. */
  offerResult?: FormReply;
  /** The failure of one of the page's buttons (block, unblock), shown over the composer. */
  failure?: string;
}

/** The foot of a conversation: the composer, or why the reader can no longer write. */
export function ThreadFooter({ failure, offerResult, ...props }: FooterProps) {
  const { page } = props;
  const { t } = useTranslation("messages");
  const busy = useNavigation().state === "submitting";
  if (page.iBlocked) {
    return (
      <div
        className="border-t border-line bg-slate-50 px-4 py-4 sm:rounded-b-2xl"
        data-testid="blocked-by-me"
      >
        <p className="text-sm text-ink">{t("thread.blockedByMe")}</p>
        <Form method="post" className="mt-2">
          <input type="hidden" name="intent" value="unblock" />
          <button
            type="submit"
            className={buttonStyles.secondary}
            disabled={busy}
            data-testid="unblock"
          >
            {t("thread.unblock")}
          </button>
        </Form>
      </div>
    );
  }
  if (page.refusal) {
    return (
      <div
        className="border-t border-line bg-slate-50 px-4 py-4 text-sm text-ink sm:rounded-b-2xl"
        role="status"
        data-testid={page.refusal === "BLOCKED_BY_MEMBER" ? "blocked-me" : "conversation-closed"}
      >
        {page.refusal === "BLOCKED_BY_MEMBER" ? t("thread.blockedMe") : t("thread.closed")}
      </div>
    );
  }
  return (
    <>
      {failure ? (
        <div className="border-t border-line px-3 pt-3 sm:px-5">
          <FormAlert>{failure}</FormAlert>
        </div>
      ) : null}
      {page.offers.form ? (
        <Suspense>
          <OfferForm form={page.offers.form} asBuyer={page.asBuyer} lastResult={offerResult} />
        </Suspense>
      ) : null}
      <Suspense>
        <Composer {...props} />
      </Suspense>
    </>
  );
}
