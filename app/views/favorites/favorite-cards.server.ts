import type { RequestLogger } from "~/context";
import type { Database } from "~/db/client.server";
import type { FavoriteListing } from "~/domain/favorites/favorite-listing.server";
import { getUsdRate } from "~/domain/money/exchange-rate.server";
import type { Lang } from "~/i18n/config";
import type { MediaStorage } from "~/media/storage.server";
import type { Env } from "~/utils/env.server";
import { type CardView, toCardView } from "~/views/common/card-view.server";

/** A favourite's card: the usual listing card, marked when the listing has been sold. */
export type FavoriteCardView = CardView & { sold: boolean };

/** Favourites as cards in the page's language (the exchange rate is read once, cached). */
export async function toFavoriteCards({
  db,
  env,
  storage,
  dataSaver = false,
  logger,
  lang,
  items,
  favorited,
}: {
  db: Database;
  env: Env;
  /** Where the photos are (context.storage): their addresses depend on it. */
  storage: MediaStorage;
  /** Cards take their smallest picture (context.dataSaver). */
  dataSaver?: boolean;
  logger: Pick<RequestLogger, "error">;
  lang: Lang;
  items: FavoriteListing[];
  /** True for a member's own list; a visitor's hearts come from their browser. */
  favorited: boolean;
}): Promise<FavoriteCardView[]> {
  if (items.length === 0) return [];
  const usdRate = await getUsdRate({ db, env });
  const now = Date.now();
  return items.map((item) => {
    const card = toCardView(lang, item, { storage, usdRate, logger, now, dataSaver });
    return card.error
      ? { ...card, sold: false }
      : { ...card, favorited, sold: item.status === "sold" };
  });
}
