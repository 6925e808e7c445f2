import { Share2 } from "lucide-react";
import { useEffect, useState } from "react";
import { buttonStyles } from "~/components/ui/button-styles";
import { toast } from "~/components/ui/toast";
import { useTranslation } from "~/i18n/react";
import { DetailCard } from "./detail-card";

/**
 * The device's share sheet where there is one, else the link copied to the clipboard. Without
 * JavaScript the link itself is there to copy or share.
 */
export function ShareCard({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation("listings");
  const [copied, setCopied] = useState(false);
  // Known only in the browser: the server renders "Copy link", and a device that can share says so
  // once hydrated.
  const [canShare, setCanShare] = useState(false);
  useEffect(() => setCanShare(typeof navigator.share === "function"), []);
  const copy = async () => {
    await navigator.clipboard.writeText(url);
    setCopied(true);
    toast.success(t("detail.linkCopied"));
  };
  return (
    <DetailCard title={t("detail.share")}>
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
        {copied ? t("detail.linkCopied") : canShare ? t("detail.share") : t("detail.copyLink")}
      </a>
    </DetailCard>
  );
}
