import { ArticleNote, TableOfContents } from "~/components/ui/article-parts";
import { Icon, type IconName } from "~/components/ui/icon";
import { isLang, localeOf } from "~/i18n/config";
import { bundlesFor, serverT } from "~/i18n/i18n.server";
import { useNamespace } from "~/i18n/react";
import { pageMeta } from "~/utils/meta";
import type { Route } from "./+types/safety-tips";

interface SafetySection {
  title: string;
  points: string[];
}

/**
 * Anchor ids and icons, in the catalog's order. The ids are part of the page's public URLs
 * (e.g. /safety-tips#payments), so keep them stable when the wording changes.
 */
const sectionAnchors: readonly { id: string; icon: IconName }[] = [
  { id: "verify", icon: "user-check" },
  { id: "meeting", icon: "users" },
  { id: "payments", icon: "credit-card" },
  { id: "inspection", icon: "search" },
  { id: "privacy", icon: "lock" },
  { id: "local-context", icon: "map-pin" },
  { id: "after-the-sale", icon: "handshake" },
];

export function loader({ context }: Route.LoaderArgs) {
  const t = serverT(context.lang, "pages");
  return {
    translations: bundlesFor(context.lang, ["pages"]),
    meta: { title: t("safety.metaTitle"), description: t("safety.metaDescription") },
  };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, args.loaderData?.meta);

export default function SafetyTipsPage({ loaderData }: Route.ComponentProps) {
  const { t, list, i18n } = useNamespace("pages", loaderData.translations.pages);
  const numbers = new Intl.NumberFormat(localeOf(isLang(i18n.language) ? i18n.language : "en"));
  const sections = list<SafetySection>("safety.sections").map((section, index) => ({
    ...section,
    id: sectionAnchors[index]?.id ?? `section-${index + 1}`,
    icon: sectionAnchors[index]?.icon ?? "shield-check",
    number: numbers.format(index + 1),
  }));

  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <article>
        <header>
          <span className="flex size-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
            <Icon name="shield-check" aria-hidden="true" className="size-7" />
          </span>
          <h1 className="mt-4 text-3xl font-bold tracking-tight text-ink sm:text-4xl">
            {t("safety.title")}
          </h1>
          <p className="mt-4 text-lg leading-relaxed text-muted">{t("safety.intro")}</p>
        </header>

        <TableOfContents id="safety-toc-title" title={t("safety.tocTitle")} sections={sections} />

        <ol className="mt-8 space-y-5">
          {sections.map(({ id, title, points, icon, number }) => (
            <li key={id}>
              <section
                id={id}
                aria-labelledby={`${id}-title`}
                className="scroll-mt-24 rounded-2xl border border-line bg-white p-5 shadow-sm sm:p-6"
              >
                <div className="flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white"
                  >
                    {number}
                  </span>
                  <h2 id={`${id}-title`} className="text-lg font-semibold text-ink sm:text-xl">
                    {title}
                  </h2>
                  <Icon
                    name={icon}
                    aria-hidden="true"
                    className="ms-auto size-6 shrink-0 text-brand-600"
                  />
                </div>
                <ul className="mt-4 space-y-3">
                  {points.map((point) => (
                    <li key={point} className="flex gap-3">
                      <Icon
                        name="circle-check"
                        aria-hidden="true"
                        className="mt-1 size-5 shrink-0 text-brand-600"
                      />
                      <span className="leading-relaxed text-ink">{point}</span>
                    </li>
                  ))}
                </ul>
              </section>
            </li>
          ))}
        </ol>

        <ArticleNote
          id="report"
          tone="warning"
          icon="flag"
          title={t("safety.reportTitle")}
          className="mt-10"
        >
          {t("safety.reportNote")}
        </ArticleNote>
      </article>
    </main>
  );
}
