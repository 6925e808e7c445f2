import { type FormEvent, useEffect, useState } from "react";
import { useLocation, useRouteLoaderData } from "react-router";
import { Icon } from "~/components/ui/icon";
import { toast } from "~/components/ui/toast";
import type { FavoriteReply } from "~/domain/favorites/favorites-schemas";
import { useTranslation } from "~/i18n/react";
import type { loader as rootLoader } from "~/root";
import { setGuestFavorite, useGuestFavorites } from "./guest-favorites";

/**
 * The heart on a listing card ("overlay") or on the listing page ("full"). Members' favourites
 * live on the server: the button is disabled with "Loading..." until the server answers, then a
 * toast says what happened. Visitors' live in this browser (local storage). Without JavaScript it
 * is a plain form: members get the change and come back here; visitors are asked to sign in.
 *
 * The page must have the "favorites" catalog (loader: bundlesFor(lang, ["favorites", …]) and
 * useNamespace("favorites", …)).
 */
export function FavoriteButton({
  listingId,
  favorited = false,
  variant = "overlay",
}: {
  listingId: string;
  /** The member's saved state from the server (false for visitors). */
  favorited?: boolean;
  variant?: "overlay" | "full";
}) {
  const { t } = useTranslation("favorites");
  const signedIn = Boolean(useRouteLoaderData<typeof rootLoader>("root")?.member);
  const guestIds = useGuestFavorites();
  const [saved, setSaved] = useState(favorited);
  const [pending, setPending] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const location = useLocation();
  // A fresh answer from the server (a revalidation, another tab's change) wins.
  useEffect(() => setSaved(favorited), [favorited]);
  useEffect(() => setHydrated(true), []);

  const on = signedIn ? saved : guestIds.includes(listingId.toLowerCase());
  const label = pending ? t("button.loading") : on ? t("button.remove") : t("button.add");

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const next = !on;
    if (!signedIn) {
      try {
        setGuestFavorite(listingId, next);
        toast.success(next ? t("toast.added") : t("toast.removed"));
      } catch {
        toast.error(t("toast.errorTitle"), { description: t("toast.updateFailed") });
      }
      return;
    }
    setPending(true);
    try {
      const response = await fetch("/api/favorites", {
        method: "POST",
        headers: { Accept: "application/json" },
        body: new URLSearchParams({ intent: next ? "add" : "remove", listingId }),
      });
      const reply = (await response.json().catch(() => null)) as FavoriteReply | null;
      if (!reply?.ok || !("favorited" in reply)) {
        toast.error(t("toast.errorTitle"), {
          description:
            reply && !reply.ok
              ? reply.error
              : next
                ? t("toast.addFailed")
                : t("toast.removeFailed"),
        });
        return;
      }
      setSaved(reply.favorited);
      toast.success(reply.favorited ? t("toast.added") : t("toast.removed"));
    } catch {
      toast.error(t("toast.errorTitle"), {
        description: next ? t("toast.addFailed") : t("toast.removeFailed"),
      });
    } finally {
      setPending(false);
    }
  }

  const icon = pending ? (
    <Icon name="loader-circle" className="size-5 animate-spin" aria-hidden />
  ) : (
    <Icon name="heart" className="size-5" fill={on ? "currentColor" : "none"} aria-hidden />
  );
  return (
    <form
      method="post"
      action="/api/favorites"
      onSubmit={onSubmit}
      data-testid="favorite-form"
      data-hydrated={hydrated || undefined}
    >
      <input type="hidden" name="intent" value={on ? "remove" : "add"} />
      <input type="hidden" name="listingId" value={listingId} />
      <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
      {variant === "full" ? (
        <button
          type="submit"
          disabled={pending}
          data-testid="favorite-button"
          data-favorited={on}
          className={`inline-flex w-full items-center justify-center gap-2 rounded-xl border px-4 py-2.5 text-sm font-semibold transition disabled:cursor-wait disabled:opacity-70 sm:w-auto ${
            on
              ? "border-rose-200 bg-rose-50 text-rose-700 hover:bg-rose-100"
              : "border-line bg-white text-ink hover:bg-slate-50"
          }`}
        >
          {icon}
          {pending ? t("button.loading") : on ? t("button.saved") : t("button.add")}
        </button>
      ) : (
        <button
          type="submit"
          disabled={pending}
          aria-label={label}
          title={label}
          data-testid="favorite-button"
          data-favorited={on}
          className={`inline-flex size-10 items-center justify-center rounded-full bg-white/95 shadow-sm ring-1 ring-line transition hover:scale-105 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-wait ${
            on ? "text-rose-600" : "text-slate-600 hover:text-rose-600"
          }`}
        >
          {icon}
        </button>
      )}
    </form>
  );
}

/** The heart over a card's corner: beside the card's link, not inside it (a form cannot live in a link). */
export function CardHeart({ listingId, favorited }: { listingId: string; favorited?: boolean }) {
  return (
    <div className="absolute end-2 top-2">
      <FavoriteButton listingId={listingId} favorited={favorited ?? false} />
    </div>
  );
}
