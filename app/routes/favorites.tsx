import { data } from "react-router";
import { Pagination } from "~/components/discovery/results-controls";
import { FavoritesGrid } from "~/components/favorites/favorite-card";
import {
  EmptyFavorites,
  favoritesPageLinks,
  GuestFavorites,
  LoadFailed,
} from "~/components/favorites/favorites-page";
import { Icon } from "~/components/ui/icon";
import { getMember } from "~/domain/accounts/session.server";
import { listFavorites } from "~/domain/favorites/list-favorites.server";
import { formatNumber } from "~/i18n/format";
import { bundlesFor, serverT } from "~/i18n/i18n.server";
import { useNamespace } from "~/i18n/react";
import { noindexPageMeta } from "~/utils/meta";
import type { RouteHandle } from "~/utils/route-handle";
import { type FavoriteCardView, toFavoriteCards } from "~/views/favorites/favorite-cards.server";
import type { Route } from "./+types/favorites";

export const handle: RouteHandle = { personal: true, writes: "own" };

/**
 * Members see their saved listings from the server. A visitor's live in their browser: the page
 * asks /api/favorites for their cards once JavaScript runs (without it, a sign-in prompt).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, env, auth, lang } = context;
  const t = serverT(lang, "favorites");
  const base = {
    translations: bundlesFor(lang, ["favorites", "discovery"]),
    meta: { title: t("meta.title"), description: t("meta.description") },
    signInUrl: `/auth?redirectTo=${encodeURIComponent("/favorites")}`,
  };
  const empty = { cards: [] as FavoriteCardView[], page: 1, pageCount: 1, countText: "" };
  const member = await getMember({ auth, db, request });
  if (!member) return { ...base, ...empty, signedIn: false as const, failed: false };
  const requested = Number(new URL(request.url).searchParams.get("page") ?? "1");
  try {
    const found = await listFavorites({ db, member, page: requested });
    const cards = await toFavoriteCards({
      db,
      env,
      storage: context.storage,
      dataSaver: context.dataSaver,
      logger: context.logger,
      lang,
      items: found.items,
      favorited: true,
    });
    return {
      ...base,
      signedIn: true as const,
      failed: false,
      cards,
      page: found.page,
      pageCount: found.pageCount,
      countText: t("page.count", {
        count: found.total,
        formatted: formatNumber(lang, found.total),
      }),
      pageText: t("page.pageOf", {
        page: formatNumber(lang, found.page),
        count: formatNumber(lang, found.pageCount),
      }),
    };
  } catch (error) {
    context.logger.error({ err: error }, "listing results failed");
    return data({ ...base, ...empty, signedIn: true as const, failed: true }, { status: 500 });
  }
}

export const meta: Route.MetaFunction = noindexPageMeta;

export default function FavoritesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useNamespace("favorites", loaderData.translations.favorites);
  useNamespace("discovery", loaderData.translations.discovery);
  return (
    <main
      id="main"
      className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-10"
      data-testid="favorites-page"
    >
      <div className="mb-6 flex flex-wrap items-end justify-between gap-2">
        <h1 className="flex items-center gap-2 text-2xl font-bold text-ink sm:text-3xl">
          <Icon name="heart" className="size-7 text-rose-600" aria-hidden />
          {t("page.title")}
        </h1>
        {loaderData.signedIn && loaderData.cards.length > 0 ? (
          <p className="text-sm text-muted" data-testid="favorites-count">
            {loaderData.countText}
          </p>
        ) : null}
      </div>
      {!loaderData.signedIn ? (
        <GuestFavorites signInUrl={loaderData.signInUrl} />
      ) : loaderData.failed ? (
        <LoadFailed />
      ) : loaderData.cards.length === 0 ? (
        <EmptyFavorites />
      ) : (
        <>
          <FavoritesGrid cards={loaderData.cards} />
          <Pagination
            {...favoritesPageLinks(loaderData.page, loaderData.pageCount)}
            pageCount={loaderData.pageCount}
            pageText={"pageText" in loaderData ? loaderData.pageText : ""}
            label={t("page.pagination")}
          />
        </>
      )}
    </main>
  );
}
