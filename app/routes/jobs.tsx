import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import { bundlesFor, serverT } from "~/i18n/i18n.server";
import { useNamespace } from "~/i18n/react";
import { pageMeta } from "~/utils/meta";
import type { Route } from "./+types/jobs";

export function loader({ context }: Route.LoaderArgs) {
  const t = serverT(context.lang, "pages");
  return {
    translations: bundlesFor(context.lang, ["pages"]),
    meta: { title: t("jobs.metaTitle"), description: t("jobs.metaDescription") },
    supportEmail: context.env.SUPPORT_EMAIL,
  };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, args.loaderData?.meta);

export default function JobsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useNamespace("pages", loaderData.translations.pages);
  const { supportEmail } = loaderData;
  const cvHref = `mailto:${supportEmail}?subject=${encodeURIComponent(t("jobs.cvSubject"))}`;

  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <article>
        <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">
          {t("jobs.title")}
        </h1>

        <section
          id="vacancies"
          aria-labelledby="vacancies-title"
          className="mt-8 scroll-mt-24 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center"
        >
          <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <Icon name="briefcase" aria-hidden="true" className="size-7" />
          </span>
          <h2 id="vacancies-title" className="mt-4 text-xl font-semibold text-ink">
            {t("jobs.emptyTitle")}
          </h2>
          <p className="mx-auto mt-2 max-w-prose leading-relaxed text-muted">
            {t("jobs.emptyBody")}
          </p>
          <Link
            to="/jobs"
            className="mt-6 inline-flex items-center gap-2 rounded-xl border border-slate-300 bg-white px-4 py-2 font-medium text-ink transition hover:bg-slate-50"
          >
            <Icon name="refresh-cw" aria-hidden="true" className="size-4" />
            {t("jobs.refresh")}
          </Link>
        </section>

        <section id="who-we-look-for" aria-labelledby="people-title" className="mt-10 scroll-mt-24">
          <h2 id="people-title" className="flex items-center gap-2 text-xl font-semibold text-ink">
            <Icon name="sparkles" aria-hidden="true" className="size-5 text-brand-600" />
            {t("jobs.lookingForTitle")}
          </h2>
          <p className="mt-2 leading-relaxed text-muted">{t("jobs.lookingFor")}</p>
        </section>

        <section
          id="send-cv"
          aria-labelledby="cv-title"
          className="mt-8 scroll-mt-24 rounded-2xl bg-brand-50 p-6"
        >
          <h2 id="cv-title" className="text-xl font-semibold text-brand-900">
            {t("jobs.cvTitle")}
          </h2>
          <p className="mt-2 leading-relaxed text-ink">{t("jobs.cvBody")}</p>
          <div className="mt-5 flex flex-wrap items-center gap-x-4 gap-y-2">
            <a
              href={cvHref}
              className="inline-flex items-center gap-2 rounded-xl bg-brand-600 px-5 py-2.5 font-semibold text-white shadow-sm transition hover:bg-brand-700"
            >
              <Icon name="mail" aria-hidden="true" className="size-5" />
              {t("jobs.sendCv")}
            </a>
            <span dir="ltr" className="text-sm text-muted">
              {supportEmail}
            </span>
          </div>
        </section>

        <section
          id="job-listings"
          aria-labelledby="listings-title"
          className="mt-8 scroll-mt-24 rounded-2xl border border-line bg-white p-6 shadow-sm"
        >
          <h2 id="listings-title" className="text-lg font-semibold text-ink">
            {t("jobs.marketplaceTitle")}
          </h2>
          <p className="mt-2 leading-relaxed text-muted">{t("jobs.marketplaceBody")}</p>
          <Link
            to="/category/jobs"
            className="mt-4 inline-flex items-center gap-2 font-semibold text-brand-700 underline-offset-4 hover:underline"
          >
            {t("jobs.marketplaceLink")}
            <Icon name="arrow-right" aria-hidden="true" className="size-4 rtl:-scale-x-100" />
          </Link>
        </section>
      </article>
    </main>
  );
}
