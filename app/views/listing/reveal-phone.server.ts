import { data } from "react-router";
import type { Database } from "~/db/client.server";
import { formatPhoneForDisplay } from "~/domain/accounts/phone";
import type { Member } from "~/domain/accounts/session.server";
import { getListingForView } from "~/domain/listings/get-listing.server";
import { type RevealChannel, revealPhone } from "~/domain/listings/reveal-phone.server";
import type { Lang } from "~/i18n/config";
import { serverT } from "~/i18n/i18n.server";
import { isAppError } from "~/utils/app-error";
import { rateLimitedMessage } from "~/utils/form.server";

/**
 * The listing page's "show phone" form: the seller's number and WhatsApp link for this member, or
 * the reason they cannot have it.
 */
export async function revealPhoneAction({
  db,
  lang,
  publicUrl,
  member,
  listingId,
  ip,
  channel,
}: {
  db: Database;
  lang: Lang;
  publicUrl: string;
  member: Member;
  listingId: string;
  ip: string;
  channel: RevealChannel;
}) {
  const t = serverT(lang, "listings");
  try {
    const phone = await revealPhone({ db, member, listingId, ip, channel });
    const view = await getListingForView({ db, listingId, viewer: member });
    const title = view?.listing.title || view?.listing.titleAr || "";
    const link = `${publicUrl}/listing/${listingId.toLowerCase()}`;
    return data({
      intent: "reveal-phone" as const,
      // What our safety tips say, where the deal leaves Souqna (issue 30).
      safety: phone
        ? {
            title: t("contactSafety.title"),
            tips: [
              t("contactSafety.tips.deposit"),
              t("contactSafety.tips.transfer"),
              t("contactSafety.tips.meet"),
            ],
            more: t("contactSafety.more"),
          }
        : null,
      contact: phone
        ? {
            phone: formatPhoneForDisplay(phone),
            tel: `tel:${phone}`,
            whatsapp: `https://wa.me/${phone.replace(/\D/g, "")}?text=${encodeURIComponent(
              t("detail.whatsappText", { title, url: link }),
            )}`,
          }
        : null,
    });
  } catch (error) {
    if (!isAppError(error)) throw error;
    const message =
      error.code === "RATE_LIMITED"
        ? rateLimitedMessage(lang, Number(error.params.seconds ?? 0))
        : serverT(lang)(`errors.${error.code}`);
    return data(
      { intent: "reveal-phone" as const, contact: null, error: message },
      { status: error.status },
    );
  }
}
