import spriteUrl from "~/components/ui/icons.svg?no-inline";
import { useTranslation } from "~/i18n/react";

/**
 * The word mark: a market-stall awning in brand green, then the name in the page's language. The
 * header draws it in the page (it is there at the first paint); the footer, far below, uses the
 * same drawing from the cached icons file instead of 900 more bytes of every page's HTML.
 */
export function Logo({ fromSprite = false }: { fromSprite?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="flex items-center gap-2">
      {fromSprite ? (
        <svg viewBox="0 0 32 32" className="size-8" aria-hidden>
          <use href={`${spriteUrl}#logo`} />
        </svg>
      ) : (
        <LogoMark />
      )}
      <span className="text-xl font-extrabold tracking-tight text-brand-700">{t("brand")}</span>
    </span>
  );
}

function LogoMark() {
  return (
    <svg viewBox="0 0 32 32" className="size-8" aria-hidden>
      <rect width="32" height="32" rx="9" className="fill-brand-600" />
      <path
        d="M6 12.5 8.5 7h15L26 12.5a3.3 3.3 0 0 1-6.6 0 3.3 3.3 0 0 1-6.8 0 3.3 3.3 0 0 1-6.6 0Z"
        className="fill-white"
      />
      <path
        d="M8.5 17.5V25h15v-7.5"
        className="fill-none stroke-white"
        strokeWidth="2.2"
        strokeLinejoin="round"
      />
      <rect x="13.5" y="19.5" width="5" height="5.5" rx="1" className="fill-accent-500" />
    </svg>
  );
}
