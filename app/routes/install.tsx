import { useEffect, useState } from "react";
import { promptInstall, useInstallOffer } from "~/components/layout/install-prompt";
import { buttonStyles } from "~/components/ui/button-styles";
import { Icon, type IconName } from "~/components/ui/icon";
import { formatNumber } from "~/i18n/format";
import { bundlesFor, serverT } from "~/i18n/i18n.server";
import { useNamespace, useTranslation } from "~/i18n/react";
import { pageMeta } from "~/utils/meta";
import type { Route } from "./+types/install";

/*
 * Installing Souqna (decision 024: it is an installable web app). The footer's app links lead
 * here. Server-drawn steps for Android's Chrome and the iPhone's Safari, each step with the icon of
 * what to tap; where the browser offers its own install dialog (`beforeinstallprompt`), a button
 * for it comes first once the page's code runs.
 */

/** Each step's icon, in the catalog's order: what the reader looks for on their screen. */
const stepIcons = {
  android: ["globe", "ellipsis-vertical", "square-plus", "download"],
  ios: ["compass", "share", "square-plus", "circle-check"],
} as const satisfies Record<string, readonly IconName[]>;

export function loader({ context }: Route.LoaderArgs) {
  const t = serverT(context.lang, "pages");
  return {
    translations: bundlesFor(context.lang, ["pages"], { pages: ["install"] }),
    meta: { title: t("install.metaTitle"), description: t("install.metaDescription") },
  };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, args.loaderData?.meta);

export default function InstallPage({ loaderData }: Route.ComponentProps) {
  const { t } = useNamespace("pages", loaderData.translations.pages);
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-10" data-testid="install-page">
      <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">
        {t("install.title")}
      </h1>
      <p className="mt-4 text-lg leading-relaxed text-muted">{t("install.intro")}</p>
      <InstallNow />
      <div className="mt-8 grid gap-4 sm:grid-cols-2">
        <Platform platform="android" icon="smartphone" />
        <Platform platform="ios" icon="apple" />
      </div>
      <p className="mt-6 text-sm leading-relaxed text-muted">{t("install.other")}</p>
    </main>
  );
}

/**
 * The browser's own install dialog, where it offers one, or a word that it is installed (both
 * known only in the browser: nothing on the server, nothing without JavaScript).
 */
function InstallNow() {
  const { t } = useTranslation("pages");
  const offered = useInstallOffer();
  const [installed, setInstalled] = useState(false);
  useEffect(() => {
    const standalone =
      window.matchMedia("(display-mode: standalone)").matches ||
      (navigator as { standalone?: boolean }).standalone === true;
    setInstalled(standalone);
  }, []);
  if (installed) {
    return (
      <p
        className="mt-6 flex items-center gap-3 rounded-2xl bg-brand-50 p-4 font-medium text-brand-900"
        data-testid="install-installed"
      >
        <Icon name="circle-check" className="size-5 shrink-0 text-brand-700" aria-hidden />
        {t("install.installed")}
      </p>
    );
  }
  if (!offered) return null;
  return (
    <div
      className="mt-6 flex flex-col gap-3 rounded-2xl bg-brand-50 p-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid="install-now"
    >
      <p className="text-brand-900">{t("install.nowHint")}</p>
      <button
        type="button"
        className={`${buttonStyles.primary} shrink-0`}
        onClick={promptInstall}
        data-testid="install-now-button"
      >
        <Icon name="download" className="size-4" aria-hidden />
        {t("install.now")}
      </button>
    </div>
  );
}

/** One platform's steps, numbered, each with the icon of what to tap. Its id is the footer's anchor. */
function Platform({ platform, icon }: { platform: "android" | "ios"; icon: IconName }) {
  const { t, list, i18n } = useTranslation("pages");
  const steps = list<string>(`install.${platform}.steps`);
  return (
    <section
      id={platform}
      aria-labelledby={`${platform}-title`}
      className="scroll-mt-24 rounded-2xl border border-line bg-white p-5 shadow-sm target:ring-2 target:ring-brand-600"
      data-testid={`install-${platform}`}
    >
      <h2
        id={`${platform}-title`}
        className="flex items-center gap-2 text-xl font-semibold text-ink"
      >
        <Icon name={icon} className="size-6 text-brand-700" aria-hidden />
        {t(`install.${platform}.title`)}
      </h2>
      <ol className="mt-4 space-y-4" aria-label={t("install.stepsLabel")}>
        {steps.map((step, index) => {
          const stepIcon = stepIcons[platform][index] ?? "download";
          return (
            <li key={step} className="flex items-start gap-3">
              <span
                className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
                aria-hidden
              >
                {formatNumber(i18n.language, index + 1)}
              </span>
              <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-slate-100 text-ink ring-1 ring-line">
                <Icon name={stepIcon} className="size-6" aria-hidden />
              </span>
              <span className="pt-1 leading-relaxed text-ink">{step}</span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
