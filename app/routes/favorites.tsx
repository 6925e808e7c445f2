import { AlertTriangle, ChevronLeft, ChevronRight, Heart, LogIn, Search } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { data, Link } from "react-router";
import { FavoritesGrid } from "~/components/discovery/favorite-card";
import {
  type FavoriteCardView,
  toFavoriteCards,
} from "~/components/discovery/favorite-cards.server";
import { buttonStyles } from "~/components/ui/button-styles";
import { useGuestFavorites } from "~/components/ui/guest-favorites";
import { toast } from "~/components/ui/toast";
import { getMember } from "~/domain/accounts/session.server";
import { listFavorites } from "~/domain/favorites/list-favorites.server";
import { formatNumber } from "~/i18n/format";
import { bundlesFor, serverT } from "~/i18n/i18n.server";
import { useNamespace, useTranslation } from "~/i18n/react";
import { pageMeta } from "~/utils/meta";
import type { Route } from "./+types/favorites";

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
    const cards = await toFavoriteCards({ db, env, lang, items: found.items, favorited: true });
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

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, args.loaderData?.meta),
  { name: "robots", content: "noindex" },
];

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
          <Heart className="size-7 text-rose-600" aria-hidden />
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
          <Pages
            page={loaderData.page}
            pageCount={loaderData.pageCount}
            pageText={"pageText" in loaderData ? loaderData.pageText : ""}
          />
        </>
      )}
    </main>
  );
}

type GuestState =
  | { kind: "waiting" }
  | { kind: "failed" }
  | { kind: "loaded"; cards: FavoriteCardView[] };

/**
 * A visitor's favourites, from this browser's list. The cards are fetched once JavaScript runs,
 * again when the list gains an id (another tab) and on "Try Again". Taking a heart off here leaves
 * the card in place, so a slip of the finger is one tap to undo.
 */
function GuestFavorites({ signInUrl }: { signInUrl: string }) {
  const { t } = useTranslation("favorites");
  const ids = useGuestFavorites();
  const [hydrated, setHydrated] = useState(false);
  const [state, setState] = useState<GuestState>({ kind: "waiting" });
  const [wanted, setWanted] = useState<{ ids: readonly string[]; attempt: number } | null>(null);
  useEffect(() => setHydrated(true), []);

  useEffect(() => {
    if (!hydrated) return;
    setWanted((current) =>
      current && ids.every((id) => current.ids.includes(id))
        ? current
        : { ids, attempt: current?.attempt ?? 0 },
    );
  }, [hydrated, ids]);

  useEffect(() => {
    if (!wanted) return;
    if (wanted.ids.length === 0) {
      setState({ kind: "loaded", cards: [] });
      return;
    }
    const controller = new AbortController();
    const params = new URLSearchParams(wanted.ids.map((id) => ["id", id]));
    fetch(`/api/favorites?${params}`, {
      headers: { Accept: "application/json" },
      signal: controller.signal,
    })
      .then((response) => {
        if (!response.ok) throw new Error(`favourites: HTTP ${response.status}`);
        return response.json() as Promise<{ cards: FavoriteCardView[] }>;
      })
      .then(({ cards }) => setState({ kind: "loaded", cards }))
      .catch((error: unknown) => {
        if ((error as Error)?.name === "AbortError") return;
        setState({ kind: "failed" });
        toast.error(t("toast.errorTitle"), { description: t("page.loadFailed") });
      });
    return () => controller.abort();
  }, [wanted, t]);

  const retry = () => {
    setState({ kind: "waiting" });
    setWanted((current) => current && { ...current, attempt: current.attempt + 1 });
  };

  const prompt = (
    <Panel icon={LogIn} title={t("page.signInTitle")} body={t("page.signInBody")}>
      <Link to={signInUrl} className={buttonStyles.primary} data-testid="favorites-sign-in">
        <LogIn className="size-4 rtl:-scale-x-100" aria-hidden />
        {t("page.guestSignIn")}
      </Link>
    </Panel>
  );
  if (!hydrated) {
    // Without JavaScript the browser's list cannot be read: the sign-in prompt instead.
    return <noscript>{prompt}</noscript>;
  }
  return (
    <div data-testid="guest-favorites" data-state={state.kind}>
      {state.kind === "loaded" && state.cards.length === 0 ? null : (
        <div
          className="mb-5 flex flex-col gap-3 rounded-2xl bg-brand-50 p-4 text-sm text-brand-900 ring-1 ring-brand-200 sm:flex-row sm:items-center sm:justify-between"
          data-testid="favorites-guest-hint"
        >
          <p>{t("page.guestHint")}</p>
          <Link to={signInUrl} className={`${buttonStyles.secondary} shrink-0`}>
            <LogIn className="size-4 rtl:-scale-x-100" aria-hidden />
            {t("page.guestSignIn")}
          </Link>
        </div>
      )}
      {state.kind === "failed" ? (
        <LoadFailed onRetry={retry} />
      ) : state.kind === "waiting" ? (
        <p className="py-16 text-center text-sm text-muted" role="status">
          {t("page.loading")}
        </p>
      ) : state.cards.length === 0 ? (
        <EmptyFavorites signInUrl={signInUrl} />
      ) : (
        <FavoritesGrid cards={state.cards} />
      )}
    </div>
  );
}

/** "Browse Listings" (spec); a visitor may also have favourites in an account to log in to. */
function EmptyFavorites({ signInUrl }: { signInUrl?: string }) {
  const { t } = useTranslation("favorites");
  return (
    <Panel icon={Heart} title={t("page.emptyTitle")} body={t("page.emptyBody")} testId="empty">
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonStyles.primary} data-testid="browse-listings">
          <Search className="size-4" aria-hidden />
          {t("page.browse")}
        </Link>
        {signInUrl ? (
          <Link to={signInUrl} className={buttonStyles.secondary}>
            <LogIn className="size-4 rtl:-scale-x-100" aria-hidden />
            {t("page.guestSignIn")}
          </Link>
        ) : null}
      </div>
    </Panel>
  );
}

function LoadFailed({ onRetry }: { onRetry?: () => void }) {
  const { t } = useTranslation("favorites");
  return (
    <div
      className="rounded-2xl bg-red-50 p-6 text-center text-red-800 ring-1 ring-red-200"
      role="alert"
      data-testid="favorites-error"
    >
      <AlertTriangle className="mx-auto size-8" aria-hidden />
      <p className="mt-3 font-semibold">{t("page.loadFailed")}</p>
      {onRetry ? (
        <button type="button" onClick={onRetry} className={`${buttonStyles.secondary} mt-4`}>
          {t("page.retry")}
        </button>
      ) : (
        <Link to="/favorites" reloadDocument className={`${buttonStyles.secondary} mt-4`}>
          {t("page.retry")}
        </Link>
      )}
    </div>
  );
}

function Panel({
  icon: Icon,
  title,
  body,
  testId,
  children,
}: {
  icon: typeof Heart;
  title: string;
  body: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div
      className="rounded-2xl bg-white px-6 py-14 text-center shadow-sm ring-1 ring-line"
      data-testid={testId ? `favorites-${testId}` : undefined}
    >
      <div className="mx-auto flex max-w-sm flex-col items-center">
        <span className="rounded-full bg-rose-50 p-4 text-rose-600">
          <Icon className="size-7" aria-hidden />
        </span>
        <h2 className="mt-4 text-lg font-semibold text-ink">{title}</h2>
        <p className="mt-1 text-sm text-muted">{body}</p>
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}

/** Previous / next as plain links (paging works without JavaScript). */
function Pages({
  page,
  pageCount,
  pageText,
}: {
  page: number;
  pageCount: number;
  pageText: string;
}) {
  const { t } = useTranslation("favorites");
  if (pageCount <= 1) return null;
  const item =
    "inline-flex items-center gap-1 rounded-xl bg-white px-3 py-2 text-sm font-semibold ring-1 ring-line hover:bg-slate-50";
  return (
    <nav className="mt-8 flex items-center justify-between gap-3" aria-label={t("page.pagination")}>
      {page > 1 ? (
        <Link to={page > 2 ? `?page=${page - 1}` : "/favorites"} rel="prev" className={item}>
          <ChevronLeft className="size-4 rtl:-scale-x-100" aria-hidden />
          {t("page.previous")}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-muted">{pageText}</span>
      {page < pageCount ? (
        <Link to={`?page=${page + 1}`} rel="next" className={item}>
          {t("page.next")}
          <ChevronRight className="size-4 rtl:-scale-x-100" aria-hidden />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
