import { TableOfContents } from "~/components/ui/article-parts";
import { Icon } from "~/components/ui/icon";
import { isLang, localeOf } from "~/i18n/config";
import { bundlesFor, serverT } from "~/i18n/i18n.server";
import { useNamespace } from "~/i18n/react";
import { pageMeta } from "~/utils/meta";
import type { Route } from "./+types/terms-conditions";

/** When the wording below last changed; update it together with the catalogs. */
const LAST_UPDATED = "2026-11-01";

interface TermsSection {
  title: string;
  paragraphs: string[];
}

/** Anchor ids in the catalog's order; they are public URLs (e.g. /terms-conditions#fees). */
const sectionIds = [
  "acceptance",
  "services",
  "registration",
  "posting-ads",
  "prohibited-content",
  "fees",
  "disclaimer",
  "changes",
  "governing-law",
] as const;

export function loader({ context }: Route.LoaderArgs) {
  const t = serverT(context.lang, "pages");
  // Formatted here so that server and browser render the same text; UTC keeps the day fixed.
  const lastUpdated = new Intl.DateTimeFormat(localeOf(context.lang), {
    dateStyle: "long",
    timeZone: "UTC",
  }).format(new Date(`${LAST_UPDATED}T00:00:00Z`));
  return {
    translations: bundlesFor(context.lang, ["pages"]),
    meta: { title: t("terms.metaTitle"), description: t("terms.metaDescription") },
    supportEmail: context.env.SUPPORT_EMAIL,
    lastUpdated,
  };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, args.loaderData?.meta);

export default function TermsPage({ loaderData }: Route.ComponentProps) {
  const { t, list, i18n } = useNamespace("pages", loaderData.translations.pages);
  const { supportEmail, lastUpdated } = loaderData;
  const numbers = new Intl.NumberFormat(localeOf(isLang(i18n.language) ? i18n.language : "en"));
  const sections = list<TermsSection>("terms.sections", { email: supportEmail }).map(
    (section, index) => ({
      ...section,
      id: sectionIds[index] ?? `section-${index + 1}`,
      number: numbers.format(index + 1),
    }),
  );

  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <article>
        <header>
          <span className="flex size-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
            <Icon name="scroll-text" aria-hidden="true" className="size-7" />
          </span>
          <h1 className="mt-4 text-3xl font-bold tracking-tight text-ink sm:text-4xl">
            {t("terms.title")}
          </h1>
          <p className="mt-2 text-sm text-muted">
            <time dateTime={LAST_UPDATED}>{t("terms.lastUpdated", { date: lastUpdated })}</time>
          </p>
          <p className="mt-4 text-lg leading-relaxed text-muted">{t("terms.intro")}</p>
        </header>

        <TableOfContents id="terms-toc-title" title={t("terms.tocTitle")} sections={sections} />

        <ol className="mt-10 space-y-10">
          {sections.map(({ id, title, paragraphs, number }) => (
            <li key={id}>
              <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24">
                <h2
                  id={`${id}-title`}
                  className="flex items-center gap-3 border-b border-line pb-2 text-xl font-semibold text-ink"
                >
                  <span
                    aria-hidden="true"
                    className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-sm font-bold text-brand-700"
                  >
                    {number}
                  </span>
                  {title}
                </h2>
                <div className="mt-4 space-y-3">
                  {paragraphs.map((paragraph) => (
                    <p key={paragraph} className="leading-relaxed text-ink">
                      {paragraph}
                    </p>
                  ))}
                </div>
              </section>
            </li>
          ))}
        </ol>

        <section
          id="contact"
          aria-labelledby="terms-contact-title"
          className="mt-12 scroll-mt-24 rounded-2xl bg-brand-50 p-6"
        >
          <h2 id="terms-contact-title" className="text-lg font-semibold text-brand-900">
            {t("terms.contactTitle")}
          </h2>
          <p className="mt-1 leading-relaxed text-ink">
            {t("terms.contact", { email: supportEmail })}
          </p>
          <a
            href={`mailto:${supportEmail}`}
            className="mt-4 inline-flex items-center gap-2 rounded-xl bg-brand-600 px-5 py-2.5 font-semibold text-white shadow-sm transition hover:bg-brand-700"
          >
            <Icon name="mail" aria-hidden="true" className="size-5" />
            {t("terms.contactButton")}
          </a>
        </section>
      </article>
    </main>
  );
}
