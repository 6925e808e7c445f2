import { MessageCircle, Share2 } from "lucide-react";
import { useEffect, useState } from "react";
import { buttonStyles } from "~/components/ui/button-styles";
import { toast } from "~/components/ui/toast";
import { useTranslation } from "~/i18n/react";
import { DetailCard } from "./detail-card";

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
  const { t } = useTranslation("listings");
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
          <Share2 className="size-4" aria-hidden />
          {copied ? t("share.linkCopied") : canShare ? t("share.title") : t("share.copyLink")}
        </a>
        <a
          href={`https://wa.me/?text=${encodeURIComponent(message)}`}
          target="_blank"
          rel="noopener noreferrer"
          className={`${buttonStyles.secondary} w-full`}
          data-testid="share-whatsapp"
        >
          <MessageCircle className="size-4" aria-hidden />
          {t("share.whatsapp")}
        </a>
      </div>
    </DetailCard>
  );
}
