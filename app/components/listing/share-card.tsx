import { useEffect, useState } from "react";
import { buttonStyles } from "~/components/ui/button-styles";
import { Icon } from "~/components/ui/icon";
import { toast } from "~/components/ui/toast";
import { useTranslation } from "~/i18n/react";
import type { ListingPageTexts } from "~/views/listing/listing-page-view.server";
import { DetailCard } from "./detail-card";

/** The listings texts the listing page sends: a text it does not send is a type error here. */
type ListingTexts = ListingPageTexts["listings"];

/**
 * The device's share sheet where there is one, else the link copied to the clipboard; and a
 * WhatsApp message with the link, written in the reader's language (`message`, from the server).
 * Without JavaScript the link itself is there to copy or share. Listing and seller pages both
 * share with it (needs the "listings" catalog's `share` section).
 */
export function ShareCard({
  url,
  title,
  message,
}: {
  url: string;
  title: string;
  message: string;
}) {
  const { t } = useTranslation<"listings", ListingTexts>("listings");
  const [copied, setCopied] = useState(false);
  // Known only in the browser: the server renders "Copy link", and a device that can share says so
  // once hydrated.
  const [canShare, setCanShare] = useState(false);
  useEffect(() => setCanShare(typeof navigator.share === "function"), []);
  const copy = async () => {
    await navigator.clipboard.writeText(url);
    setCopied(true);
    toast.success(t("share.linkCopied"));
  };
  return (
    <DetailCard title={t("share.title")}>
      <div className="space-y-3">
        <a
          href={url}
          className={`${buttonStyles.secondary} w-full`}
          onClick={(event) => {
            if (typeof navigator.share === "function") {
              event.preventDefault();
              navigator.share({ title, url }).catch((error: unknown) => {
                // Closing the sheet is not a failure; anything else falls back to copying.
                if ((error as Error)?.name === "AbortError" || !navigator.clipboard) return;
                void copy().catch(() => undefined);
              });
              return;
            }
            if (!navigator.clipboard) return;
            event.preventDefault();
            void copy().catch(() => undefined);
          }}
          data-testid="share-link"
        >
          <Icon name="share-2" className="size-4" />
          {copied ? t("share.linkCopied") : canShare ? t("share.title") : t("share.copyLink")}
        </a>
        <a
          href={whatsappShareHref(message)}
          target="_blank"
          rel="noopener noreferrer"
          className={`${buttonStyles.secondary} w-full`}
          data-testid="share-whatsapp"
        >
          <Icon name="message-circle" className="size-4" />
          {t("share.whatsapp")}
        </a>
      </div>
    </DetailCard>
  );
}

/**
 * WhatsApp's share link for `message`. Only what a query value cannot hold is percent-encoded;
 * letters beyond ASCII stay as they are (a valid URL; the browser encodes them when it follows
 * it): an Arabic title costs 2 bytes a letter in the page's HTML instead of 6.
 */
export function whatsappShareHref(message: string) {
  const text = Array.from(message, (char) =>
    char.codePointAt(0)! > 0x7f
      ? char
      : /[A-Za-z0-9\-._~!$'()*,;:@/?]/.test(char)
        ? char
        : encodeURIComponent(char),
  ).join("");
  return `https://wa.me/?text=${text}`;
}
