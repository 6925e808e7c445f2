import { type ReactNode, useEffect, useState } from "react";
import { Link } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { Card } from "~/components/ui/card";
import { Icon, type IconName } from "~/components/ui/icon";
import { toast } from "~/components/ui/toast";
import { useTranslation } from "~/i18n/react";
import type { FavoriteCardView } from "~/views/favorites/favorite-cards.server";
import { FavoritesGrid } from "./favorite-card";
import { useGuestFavorites } from "./guest-favorites";

/*
 * The favourites page's sections: a visitor's list (from this browser), the empty and failed
 * states, and paging. The route (routes/favorites.tsx) picks which one shows.
 */

type GuestState =
  | { kind: "waiting" }
  | { kind: "failed" }
  | { kind: "loaded"; cards: FavoriteCardView[] };

/**
 * A visitor's favourites, from this browser's list. The cards are fetched once JavaScript runs,
 * again when the list gains an id (another tab) and on "Try Again". Taking a heart off here leaves
 * the card in place, so a slip of the finger is one tap to undo.
 */
export function GuestFavorites({ signInUrl }: { signInUrl: string }) {
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
    <Panel icon="log-in" title={t("page.signInTitle")} body={t("page.signInBody")}>
      <Link to={signInUrl} className={buttonStyles.primary} data-testid="favorites-sign-in">
        <Icon name="log-in" className="size-4 rtl:-scale-x-100" aria-hidden />
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
            <Icon name="log-in" className="size-4 rtl:-scale-x-100" aria-hidden />
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
export function EmptyFavorites({ signInUrl }: { signInUrl?: string }) {
  const { t } = useTranslation("favorites");
  return (
    <Panel icon="heart" title={t("page.emptyTitle")} body={t("page.emptyBody")} testId="empty">
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonStyles.primary} data-testid="browse-listings">
          <Icon name="search" className="size-4" aria-hidden />
          {t("page.browse")}
        </Link>
        {signInUrl ? (
          <Link to={signInUrl} className={buttonStyles.secondary}>
            <Icon name="log-in" className="size-4 rtl:-scale-x-100" aria-hidden />
            {t("page.guestSignIn")}
          </Link>
        ) : null}
      </div>
    </Panel>
  );
}

export function LoadFailed({ onRetry }: { onRetry?: () => void }) {
  const { t } = useTranslation("favorites");
  return (
    <div
      className="rounded-2xl bg-red-50 p-6 text-center text-red-800 ring-1 ring-red-200"
      role="alert"
      data-testid="favorites-error"
    >
      <Icon name="triangle-exclamation-point" className="mx-auto size-8" aria-hidden />
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
  icon,
  title,
  body,
  testId,
  children,
}: {
  icon: IconName;
  title: string;
  body: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Card className="px-6 py-14 text-center" testId={testId ? `favorites-${testId}` : undefined}>
      <div className="mx-auto flex max-w-sm flex-col items-center">
        <span className="rounded-full bg-rose-50 p-4 text-rose-600">
          <Icon name={icon} className="size-7" aria-hidden />
        </span>
        <h2 className="mt-4 text-lg font-semibold text-ink">{title}</h2>
        <p className="mt-1 text-sm text-muted">{body}</p>
        <div className="mt-6">{children}</div>
      </div>
    </Card>
  );
}

/** The favourites' previous and next pages (page 1 is /favorites itself, not ?page=1). */
export function favoritesPageLinks(page: number, pageCount: number) {
  return {
    prev: page > 2 ? `?page=${page - 1}` : page === 2 ? "/favorites" : null,
    next: page < pageCount ? `?page=${page + 1}` : null,
  };
}
