import { sendRefusal } from "~/domain/messaging/conversation-access.server";
import type { Thread, ThreadMessage } from "~/domain/messaging/get-conversation.server";
import type { InboxEntry } from "~/domain/messaging/list-inbox.server";
import { MESSAGE_MAX_LENGTH } from "~/domain/messaging/messaging-limits";
import type { UsdRate } from "~/domain/money/exchange-rate.server";
import { ratingWindow } from "~/domain/ratings/rating-rules";
import type { Lang } from "~/i18n/config";
import { formatNumber, formatPrice } from "~/i18n/format";
import { serverT } from "~/i18n/i18n.server";
import { localized } from "~/i18n/localized";
import { listingThumb } from "~/media/listing-images.server";
import type { MediaStorage } from "~/media/storage.server";
import { ratingPanelView, summaryView } from "~/views/common/rating-views.server";
import { usdApproxText } from "~/views/common/usd-approx-text";
import { toInboxRows } from "./inbox-view.server";
import { firstQuestions } from "./message-seller.server";
import type { OfferCard } from "./message-types";
import { toMessageView } from "./message-view.server";

export type ThreadView = ReturnType<typeof toThreadView>;

/**
 * A conversation as its page shows it, formatted on the server in the reader's language: the
 * other party, the listing it is about, the messages, whether the reader may still write (and
 * why not), and the side list of conversations.
 */
export function toThreadView({
  lang,
  readerId,
  thread,
  inbox,
  storage,
  confirmBlock,
  usdRate = null,
  now = new Date(),
  clientId = crypto.randomUUID(),
}: {
  lang: Lang;
  readerId: string;
  thread: Thread;
  inbox: InboxEntry[];
  storage: MediaStorage;
  /** The page was asked to confirm blocking (?confirm=block). */
  confirmBlock: boolean;
  /** For the dollar hint under offers; null where the thread has none. */
  usdRate?: Pick<UsdRate, "rate" | "rateDate"> | null;
  now?: Date;
  /** The next message's id, for the form without JavaScript (posted twice, it is one message). */
  clientId?: string;
}) {
  const t = serverT(lang, "messages");
  const name = thread.other?.name ?? t("thread.unknownUser");
  const title = localized(lang, thread.listing, "title");
  const refusal = sendRefusal({
    id: thread.id,
    listingId: thread.listing.id,
    listingStatus: thread.listing.status,
    otherId: thread.other?.id ?? null,
    asBuyer: thread.asBuyer,
    blockedMe: thread.blockedMe,
    iBlocked: thread.iBlocked,
  });
  const onMarket = thread.listing.status === "active";
  const listingT = serverT(lang, "listings");
  const usd = (amount: number) => (usdRate ? usdApproxText(lang, amount, usdRate, listingT) : null);
  const offerCard = (offer: NonNullable<ThreadMessage["offer"]>): OfferCard => {
    const proposal = offer.step === "made" || offer.step === "countered";
    return {
      id: offer.id,
      step: offer.step,
      title: t(`offers.step.${offer.step}`, { amount: formatPrice(lang, offer.amount) }),
      usd: usd(offer.amount),
      status: offer.status,
      statusLabel: proposal ? t(`offers.status.${offer.status}`) : null,
      answerable:
        proposal &&
        offer.status === "open" &&
        offer.madeBy !== readerId &&
        refusal === null &&
        onMarket,
    };
  };
  const open = thread.openOffer;
  const accepted = thread.acceptedOffer;
  return {
    id: thread.id,
    memberId: readerId,
    asBuyer: thread.asBuyer,
    clientId,
    other: {
      name,
      phoneVerified: thread.other?.phoneVerified ? t("thread.verifiedPhone") : null,
      avatar: {
        avatarUrl: thread.other?.avatarUrl ?? null,
        initial: ([...name][0] ?? "?").toUpperCase(),
      },
    },
    listing: {
      href: `/listing/${thread.listing.id}`,
      title,
      price: formatPrice(lang, thread.listing.price),
      statusLabel: t(`inbox.status.${thread.listing.status}`),
      image: listingThumb(thread.listing.image, storage),
    },
    messages: thread.messages.map((m) =>
      toMessageView(
        lang,
        readerId,
        { ...m, conversationId: thread.id },
        m.offer ? offerCard(m.offer) : undefined,
      ),
    ),
    /**
     * Offers (issue 31): the form to make one, or to counter the other's open one — none while
     * the reader's own waits for its answer, or when they cannot write — and the agreed price.
     */
    offers: {
      form:
        refusal !== null || !onMarket || (open !== null && open.madeBy === readerId)
          ? null
          : {
              counter: open !== null,
              asking: t("offers.asking", { price: formatPrice(lang, thread.listing.price) }),
            },
      accepted: accepted
        ? {
            text: t("offers.agreed", { amount: formatPrice(lang, accepted.amount) }),
            usd: usd(accepted.amount),
            // The seller reserves the listing for the buyer from here.
            canReserve: !thread.asBuyer && onMarket && !thread.listing.reserved,
            reserved: onMarket && thread.listing.reserved,
          }
        : null,
    },
    /** The other member's ratings, by the name in the header. */
    otherRatings:
      thread.rating.other.count > 0
        ? summaryView(lang, thread.rating.other, { short: true })
        : null,
    rating: ratingPanelView(lang, {
      name,
      window: ratingWindow(thread.rating.facts, now),
      mine: thread.rating.mine,
      other: thread.rating.other,
    }),
    earlier: thread.hasEarlier
      ? t("thread.earlier", { formatted: formatNumber(lang, thread.messages.length) })
      : null,
    /** Why the composer is not shown, if it is not. */
    refusal,
    /**
     * One tap each (issue 31): the buyer's common questions, the seller's common answers — those
     * the reader has not sent here yet.
     */
    quick: (thread.asBuyer ? firstQuestions(t) : [t("quick.yesAvailable"), t("quick.sold")]).filter(
      (text) => !thread.messages.some((m) => m.senderId === readerId && m.body === text),
    ),
    quickLabel: t("quick.label"),
    canBlock: Boolean(thread.other) && !thread.iBlocked,
    /** Its own page (routes/message-report.tsx): nothing of the form in the thread's first load. */
    reportHref: thread.other ? `/messages/${thread.id}/report` : null,
    iBlocked: thread.iBlocked,
    confirmBlock: confirmBlock && !thread.iBlocked,
    inbox: toInboxRows(lang, inbox, storage),
    lang,
    maxLength: MESSAGE_MAX_LENGTH,
    maxLengthText: formatNumber(lang, MESSAGE_MAX_LENGTH),
    meta: {
      title: t("meta.thread", { name }),
      description: t("meta.threadDescription", { title }),
    },
  };
}
