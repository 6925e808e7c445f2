import { Form, useNavigation } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { Field, FormAlert } from "~/components/ui/field";
import { Icon } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/react";
import type { FormReply } from "~/utils/form-reply";
import type { OfferCard } from "~/views/messaging/message-types";
import type { ThreadView } from "~/views/messaging/thread-view.server";

/*
 * Offers in a conversation (issue 31): plain forms posting to the thread's action, so they work
 * before JavaScript; fetched on demand (the thread's first load is close to its budget).
 */

const STATUS_STYLE: Record<OfferCard["status"], string> = {
  open: "bg-amber-100 text-amber-800",
  accepted: "bg-emerald-100 text-emerald-800",
  declined: "bg-slate-200 text-slate-700",
  countered: "bg-slate-200 text-slate-700",
};

/** A step of an offer in the thread, with Accept and Decline for the member who may answer. */
export function OfferStepCard({ offer, mine }: { offer: OfferCard; mine: boolean }) {
  const { t } = useTranslation("messages");
  const busy = useNavigation().state === "submitting";
  return (
    <div
      className={`max-w-[85%] rounded-2xl border px-3.5 py-2.5 sm:max-w-md ${
        mine ? "rounded-ee-md border-brand-200 bg-brand-50" : "rounded-es-md border-line bg-white"
      }`}
      data-testid="offer"
      data-step={offer.step}
      data-status={offer.status}
    >
      <p className="flex items-center gap-1.5 font-semibold text-ink">
        <Icon
          name={offer.step === "accepted" ? "handshake" : "tag"}
          className="size-4 shrink-0 text-brand-700"
          aria-hidden
        />
        <span data-testid="offer-title">{offer.title}</span>
      </p>
      {offer.usd ? <p className="mt-0.5 text-xs text-muted">{offer.usd}</p> : null}
      {offer.statusLabel ? (
        <p className="mt-1.5">
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLE[offer.status]}`}
            data-testid="offer-status"
          >
            {offer.statusLabel}
          </span>
        </p>
      ) : null}
      {offer.answerable ? (
        <div className="mt-2.5 flex flex-wrap gap-2">
          <Form method="post">
            <input type="hidden" name="intent" value="accept-offer" />
            <input type="hidden" name="offerId" value={offer.id} />
            <button
              type="submit"
              className={buttonStyles.primary}
              disabled={busy}
              data-testid="offer-accept"
            >
              {t("offers.accept")}
            </button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="decline-offer" />
            <input type="hidden" name="offerId" value={offer.id} />
            <button
              type="submit"
              className={buttonStyles.secondary}
              disabled={busy}
              data-testid="offer-decline"
            >
              {t("offers.decline")}
            </button>
          </Form>
        </div>
      ) : null}
    </div>
  );
}

export interface OfferFormProps {
  form: NonNullable<ThreadView["offers"]["form"]>;
  asBuyer: boolean;
  lastResult?: FormReply;
}

/**
 * "Make an offer" — or, when the other member's offer is open, a counter-offer: folded over the
 * composer, open again with the amount as typed when it was refused.
 */
export function OfferForm({ form, asBuyer, lastResult }: OfferFormProps) {
  const { t } = useTranslation("messages");
  const busy = useNavigation().state === "submitting";
  const error = lastResult?.error?.amount?.[0];
  // A refusal about the offer rather than its amount (one is already waiting, the listing sold).
  // Or no answer at all (no connection): nothing was sent, the amount is kept.
  const refusal =
    lastResult && "lost" in lastResult && lastResult.lost
      ? t("thread.noConnection")
      : lastResult?.error?.[""]?.[0];
  const typed = lastResult?.initialValue?.amount;
  const title = form.counter
    ? t("offers.counter")
    : asBuyer
      ? t("offers.make")
      : t("offers.propose");
  return (
    <details
      className="group border-t border-line px-3 py-2 sm:px-5"
      open={lastResult?.status === "error" || undefined}
      data-testid="offer-form"
    >
      <summary className="flex cursor-pointer list-none items-center gap-2 text-sm font-semibold text-brand-700">
        <Icon name="tag" className="size-4" aria-hidden />
        {title}
        <Icon
          name="chevron-right"
          className="ms-auto size-4 text-muted transition-transform group-open:rotate-90 rtl:-scale-x-100"
          aria-hidden
        />
      </summary>
      {refusal ? (
        <div className="pt-3">
          <FormAlert>{refusal}</FormAlert>
        </div>
      ) : null}
      <Form method="post" className="flex flex-wrap items-end gap-2 pb-1 pt-3" noValidate>
        <input type="hidden" name="intent" value="offer" />
        <div className="min-w-0 flex-1">
          <Field
            name="amount"
            label={form.counter ? t("offers.counterLabel") : t("offers.amountLabel")}
            inputMode="numeric"
            autoComplete="off"
            dir="ltr"
            required
            maxLength={30}
            defaultValue={typeof typed === "string" ? typed : undefined}
            error={error}
            hint={form.asking}
            keepHint
          />
        </div>
        <button
          type="submit"
          className={`${buttonStyles.accent} mb-6`}
          disabled={busy}
          data-testid="offer-send"
        >
          {form.counter ? t("offers.sendCounter") : t("offers.send")}
        </button>
      </Form>
    </details>
  );
}

/** The agreed price, at the top of the thread; the seller reserves the listing from here. */
export function AgreedOffer({
  accepted,
}: {
  accepted: NonNullable<ThreadView["offers"]["accepted"]>;
}) {
  const { t } = useTranslation("messages");
  const busy = useNavigation().state === "submitting";
  return (
    <div
      className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-emerald-200 bg-emerald-50 px-3 py-2.5 sm:px-5"
      data-testid="offer-agreed"
    >
      <Icon name="handshake" className="size-5 shrink-0 text-emerald-700" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-ink">{accepted.text}</p>
        {accepted.usd ? <p className="text-xs text-muted">{accepted.usd}</p> : null}
        <p className="text-xs text-muted">{t("offers.agreedNote")}</p>
        {accepted.reserved ? (
          <p className="mt-0.5 text-xs font-medium text-emerald-800" data-testid="offer-reserved">
            {t("offers.reserved")}
          </p>
        ) : null}
      </div>
      {accepted.canReserve ? (
        <Form method="post">
          <input type="hidden" name="intent" value="reserve" />
          <button
            type="submit"
            className={buttonStyles.secondary}
            disabled={busy}
            data-testid="offer-reserve"
          >
            {t("offers.reserve")}
          </button>
        </Form>
      ) : null}
    </div>
  );
}
