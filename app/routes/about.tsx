import { Link } from "react-router";
import { ArticleNote } from "~/components/ui/article-parts";
import { Icon, type IconName } from "~/components/ui/icon";
import { bundlesFor, serverT } from "~/i18n/i18n.server";
import { useNamespace } from "~/i18n/react";
import { pageMeta } from "~/utils/meta";
import type { Route } from "./+types/about";

interface Value {
  title: string;
  body: string;
}

/** One icon per value, in the catalog's order: trust, community, innovation, transparency. */
const valueIcons: readonly IconName[] = ["shield-check", "users", "lightbulb", "eye"];

export function loader({ context }: Route.LoaderArgs) {
  const t = serverT(context.lang, "pages");
  return {
    translations: bundlesFor(context.lang, ["pages"]),
    meta: { title: t("about.metaTitle"), description: t("about.metaDescription") },
  };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, args.loaderData?.meta);

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  const { t, list } = useNamespace("pages", loaderData.translations.pages);
  const values = list<Value>("about.values.items");

  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <article>
        <header>
          <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">
            {t("about.title")}
          </h1>
          <p className="mt-4 text-lg leading-relaxed text-muted">{t("about.intro")}</p>
        </header>

        <ArticleNote
          id="role"
          as="section"
          tone="brand"
          icon="handshake"
          title={t("about.role.title")}
        >
          {t("about.role.body")}
        </ArticleNote>

        <div className="mt-10 grid gap-4 sm:grid-cols-2">
          <section
            id="vision"
            aria-labelledby="vision-title"
            className="scroll-mt-24 rounded-2xl border border-line bg-white p-6 shadow-sm"
          >
            <Icon name="telescope" aria-hidden="true" className="size-7 text-brand-600" />
            <h2 id="vision-title" className="mt-3 text-xl font-semibold text-ink">
              {t("about.vision.title")}
            </h2>
            <p className="mt-2 leading-relaxed text-muted">{t("about.vision.body")}</p>
          </section>
          <section
            id="mission"
            aria-labelledby="mission-title"
            className="scroll-mt-24 rounded-2xl border border-line bg-white p-6 shadow-sm"
          >
            <Icon name="target" aria-hidden="true" className="size-7 text-brand-600" />
            <h2 id="mission-title" className="mt-3 text-xl font-semibold text-ink">
              {t("about.mission.title")}
            </h2>
            <p className="mt-2 leading-relaxed text-muted">{t("about.mission.body")}</p>
          </section>
        </div>

        <section id="values" aria-labelledby="values-title" className="mt-12 scroll-mt-24">
          <h2 id="values-title" className="text-2xl font-bold tracking-tight text-ink">
            {t("about.values.title")}
          </h2>
          <ul className="mt-5 grid gap-4 sm:grid-cols-2">
            {values.map((value, index) => {
              const icon = valueIcons[index] ?? "shield-check";
              return (
                <li
                  key={value.title}
                  className="rounded-2xl border border-line bg-white p-5 shadow-sm"
                >
                  <span className="flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                    <Icon name={icon} aria-hidden="true" className="size-6" />
                  </span>
                  <h3 className="mt-4 text-lg font-semibold text-ink">{value.title}</h3>
                  <p className="mt-2 text-sm leading-relaxed text-muted">{value.body}</p>
                </li>
              );
            })}
          </ul>
        </section>

        <section
          id="get-started"
          aria-labelledby="cta-title"
          className="mt-12 scroll-mt-24 rounded-2xl bg-brand-700 p-6 text-white sm:p-8"
        >
          <h2 id="cta-title" className="text-2xl font-bold tracking-tight">
            {t("about.cta.title")}
          </h2>
          <p className="mt-2 leading-relaxed text-brand-50">{t("about.cta.body")}</p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link
              to="/post-ad"
              className="inline-flex items-center gap-2 rounded-xl bg-white px-5 py-2.5 font-semibold text-brand-800 shadow-sm transition hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              <Icon name="plus" aria-hidden="true" className="size-5" />
              {t("about.cta.post")}
            </Link>
            <Link
              to="/"
              className="inline-flex items-center gap-2 rounded-xl border border-white/60 px-5 py-2.5 font-semibold text-white transition hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              {t("about.cta.browse")}
              <Icon name="arrow-right" aria-hidden="true" className="size-5 rtl:-scale-x-100" />
            </Link>
          </div>
        </section>
      </article>
    </main>
  );
}
