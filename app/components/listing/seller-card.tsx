import type { ReactNode } from "react";
import { Link, useFetcher } from "react-router";
import { Avatar } from "~/components/ui/avatar";
import { buttonStyles } from "~/components/ui/button-styles";
import { FormAlert } from "~/components/ui/field";
import { Icon } from "~/components/ui/icon";
import { TrustLines } from "~/components/ui/trust-lines";
import { TrustMark } from "~/components/ui/trust-mark";
import { useTranslation } from "~/i18n/react";
import type { ListingPageTexts, ListingPageView } from "~/views/listing/listing-page-view.server";
import { DetailCard } from "./detail-card";

/** The listings texts the listing page sends: a text it does not send is a type error here. */
type ListingTexts = ListingPageTexts["listings"];

/** The action's answer to "show phone" (reveal-phone.server.ts). */
export type PhoneReveal = {
  intent: "reveal-phone";
  contact: { phone: string; tel: string; whatsapp: string } | null;
  /** The safety card shown with the number, in the member's language. */
  safety?: { title: string; tips: string[]; more: string } | null;
  error?: string;
};

/**
 * Who sells, and how to reach them: the member's "Message seller", and the seller's WhatsApp and
 * phone, which a signed-in member asks for (the number is never in the page).
 */
export function SellerCard({
  page,
  revealed,
  messageSeller,
}: {
  page: ListingPageView;
  revealed?: PhoneReveal;
  /** The "Message seller" form or link, for anyone but the owner. */
  messageSeller: ReactNode;
}) {
  const { t } = useTranslation<"listings", ListingTexts>("listings");
  const { seller } = page;
  // Without JavaScript the form posts and the page comes back with the number (action data);
  // with it, the same form goes through a fetcher and the page stays where it is.
  const fetcher = useFetcher<PhoneReveal>();
  const reveal = fetcher.data ?? revealed;
  const contact = reveal?.contact ?? null;
  return (
    <DetailCard title={t("detail.seller")}>
      <div className="flex items-center gap-3" data-testid="seller-card">
        <Avatar member={seller} size="size-12 text-lg" />
        <div className="min-w-0">
          <p className="truncate font-semibold text-ink" dir="auto" data-testid="seller-name">
            {seller.name ?? t("detail.unknownUser")}
          </p>
          <p className="text-xs text-muted">
            {t("detail.memberSince", { date: seller.memberSince })}
          </p>
          {seller.verified || seller.phoneVerified ? (
            <p className="mt-1 flex flex-wrap gap-1">
              {seller.phoneVerified ? (
                <TrustMark testId="seller-phone-verified">{t("detail.verifiedPhone")}</TrustMark>
              ) : null}
              {seller.verified ? <TrustMark>{t("detail.verified")}</TrustMark> : null}
            </p>
          ) : null}
          <TrustLines trust={seller.trust} className="mt-1 text-xs text-ink" />
          {seller.replies ? (
            <p
              className="mt-1 flex items-center gap-1 text-xs text-ink"
              data-testid="seller-replies"
            >
              <Icon name="clock" className="size-3.5 text-muted" aria-hidden />
              {seller.replies}
            </p>
          ) : null}
        </div>
      </div>
      {/* One link, no icon: every byte of the listing's HTML counts (40 KB, decision 032). */}
      <Link
        to={seller.href}
        className="mt-3 block text-sm font-semibold text-brand-700 hover:underline"
        data-testid="seller-page-link"
      >
        {t("detail.sellerPage")}
      </Link>
      {page.isOwner ? null : (
        <div className="mt-5 space-y-3" data-testid="contact">
          {messageSeller}
          {!page.signedIn ? (
            <>
              <p className="text-sm text-muted">{t("detail.loginToContact")}</p>
              <Link
                to={page.loginUrl}
                className={`${buttonStyles.primary} w-full`}
                data-testid="login-required-whatsapp"
              >
                <Icon name="lock-keyhole" className="size-4" />
                {t("detail.loginRequired")}
              </Link>
              <Link
                to={page.loginUrl}
                className={`${buttonStyles.secondary} w-full`}
                data-testid="login-required-phone"
              >
                <Icon name="phone" className="size-4" />
                {t("detail.loginRequired")}
              </Link>
            </>
          ) : !page.hasPhone ? (
            <p className="text-sm text-muted">{t("detail.noPhone")}</p>
          ) : contact ? (
            <>
              {reveal?.safety ? (
                <div
                  role="note"
                  className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200"
                  data-testid="contact-safety"
                >
                  <p className="font-semibold">{reveal.safety.title}</p>
                  <ul className="mt-1 list-disc space-y-0.5 ps-5">
                    {reveal.safety.tips.map((tip) => (
                      <li key={tip}>{tip}</li>
                    ))}
                  </ul>
                  <Link to="/safety-tips" className="mt-1 inline-block font-semibold underline">
                    {reveal.safety.more}
                  </Link>
                </div>
              ) : null}
              <a
                href={contact.whatsapp}
                target="_blank"
                rel="noopener noreferrer"
                className={`${buttonStyles.primary} w-full bg-emerald-700 hover:bg-emerald-800`}
                data-testid="whatsapp"
              >
                <Icon name="message-circle" className="size-4" />
                {t("detail.whatsapp")}
              </a>
              <a
                href={contact.tel}
                className={`${buttonStyles.secondary} w-full`}
                data-testid="seller-phone"
              >
                <Icon name="phone" className="size-4" />
                <span dir="ltr">{contact.phone}</span>
              </a>
            </>
          ) : (
            <fetcher.Form method="post" className="space-y-3" data-testid="reveal-phone">
              <input type="hidden" name="intent" value="reveal-phone" />
              {reveal?.error ? <FormAlert>{reveal.error}</FormAlert> : null}
              <button
                type="submit"
                name="channel"
                value="whatsapp"
                className={`${buttonStyles.primary} w-full bg-emerald-700 hover:bg-emerald-800`}
                disabled={fetcher.state !== "idle"}
                data-testid="show-whatsapp"
              >
                <Icon name="message-circle" className="size-4" />
                {t("detail.whatsapp")}
              </button>
              <button
                type="submit"
                name="channel"
                value="phone"
                className={`${buttonStyles.secondary} w-full`}
                disabled={fetcher.state !== "idle"}
                data-testid="show-phone"
              >
                <Icon name="phone" className="size-4" />
                {t("detail.showPhone")}
              </button>
            </fetcher.Form>
          )}
        </div>
      )}
    </DetailCard>
  );
}
