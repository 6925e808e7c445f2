import { redirect } from "react-router";
import { getMember, safeRedirect } from "~/domain/accounts/session.server";
import { addFavorite } from "~/domain/favorites/add-favorite.server";
import { type FavoriteReply, MAX_GUEST_FAVORITES } from "~/domain/favorites/favorites-schemas";
import { findGuestFavorites } from "~/domain/favorites/find-guest-favorites.server";
import { mergeGuestFavorites } from "~/domain/favorites/merge-guest-favorites.server";
import { removeFavorite } from "~/domain/favorites/remove-favorite.server";
import { toggleFavorite } from "~/domain/favorites/toggle-favorite.server";
import { serverT } from "~/i18n/i18n.server";
import { isAppError } from "~/utils/app-error";
import { readFormData } from "~/utils/form-data.server";
import type { RouteHandle } from "~/utils/route-handle";
import { toFavoriteCards } from "~/views/favorites/favorite-cards.server";
import type { Route } from "./+types/api.favorites";

export const handle: RouteHandle = { personal: true, writes: "own" };

/*
 * Favourite changes. The hearts post here with `Accept: application/json` and get JSON back; a
 * plain form (no JavaScript) is answered with a redirect to the page it came from. Every rule is
 * the domain's: visitors cannot write server favourites (their list lives in the browser).
 * A heart is a button, not a form a person fills in: there is no field to put a message under and
 * its failure is a toast (or, without JavaScript, a short page), so its JSON reply keeps its own
 * small shape (FavoriteReply) rather than a form's reply (FormReply).
 */

const NO_STORE = { "Cache-Control": "private, no-store" };

/**
 * GET /api/favorites?id=…&id=… — a visitor's locally saved ids as cards for /favorites, in the
 * order given; malformed, unknown and hidden ones are left out.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, env, lang } = context;
  const url = new URL(request.url);
  const ids = url.searchParams.getAll("id").slice(0, MAX_GUEST_FAVORITES * 2);
  const items = await findGuestFavorites({ db, ids });
  const cards = await toFavoriteCards({
    db,
    env,
    storage: context.storage,
    dataSaver: context.dataSaver,
    logger: context.logger,
    lang,
    items,
    favorited: false,
  });
  return Response.json({ cards }, { headers: NO_STORE });
}

const INTENTS = ["add", "remove", "toggle", "merge"] as const;
type Intent = (typeof INTENTS)[number];

export async function action({ request, context }: Route.ActionArgs) {
  const { db, auth, lang } = context;
  const wantsJson = (request.headers.get("accept") ?? "").includes("application/json");
  const form = await readFormData(request, lang);
  const intent = INTENTS.find((candidate) => candidate === form.get("intent"));
  const listingId = form.get("listingId");
  const returnTo = safeRedirect(form.get("returnTo"), "/favorites");
  const member = await getMember({ auth, db, request });

  if (!member && !wantsJson) {
    // A visitor's plain form: their list needs JavaScript, so sign in first and come back.
    throw redirect(`/auth?redirectTo=${encodeURIComponent(returnTo)}`);
  }
  try {
    if (!intent) throw new Error(`unknown favourites intent: ${String(form.get("intent"))}`);
    if (intent === "merge") {
      const result = await mergeGuestFavorites({ db, member, ids: form.getAll("id") });
      if (!wantsJson) return redirect(returnTo);
      return Response.json({ ok: true, ...result } satisfies FavoriteReply, { headers: NO_STORE });
    }
    const change = { add: addFavorite, remove: removeFavorite, toggle: toggleFavorite }[intent];
    const { favorited } = await change({ db, member, listingId });
    if (!wantsJson)
      return context.flash.redirect(returnTo, favorited ? "favorite-added" : "favorite-removed");
    const reply: FavoriteReply = { ok: true, listingId: String(listingId), favorited };
    return Response.json(reply, { headers: NO_STORE });
  } catch (error) {
    return failure(lang, intent, error, wantsJson, context.logger);
  }
}

function failure(
  lang: Route.ActionArgs["context"]["lang"],
  intent: Intent | undefined,
  error: unknown,
  wantsJson: boolean,
  logger: Route.ActionArgs["context"]["logger"],
) {
  if (!isAppError(error)) logger.error({ err: error }, "a favourite could not be changed");
  const code = isAppError(error) ? error.code : intent ? "UNEXPECTED" : "INVALID_INTENT";
  const status = isAppError(error) ? error.status : intent ? 500 : 400;
  const t = serverT(lang, "favorites");
  // The spec's three texts; the reason (e.g. "Listing not found") where there is one.
  const summary = t(
    intent === "add"
      ? "toast.addFailed"
      : intent === "remove"
        ? "toast.removeFailed"
        : "toast.updateFailed",
  );
  const reason =
    isAppError(error) && error.status < 500 ? serverT(lang)(`errors.${error.code}`) : "";
  const message = reason ? `${summary}: ${reason}` : summary;
  if (wantsJson) {
    const reply: FavoriteReply = { ok: false, code, error: message };
    return Response.json(reply, { status, headers: NO_STORE });
  }
  // Without JavaScript there is no toast to show it in: a short page of its own.
  return new Response(message, {
    status,
    headers: { ...NO_STORE, "Content-Type": "text/plain; charset=utf-8" },
  });
}
