import type { RequestLogger } from "~/context";
import type { Database } from "~/db/client.server";
import type { RelatedListings } from "~/domain/discovery/find-related-listings.server";
import { getUsdRate } from "~/domain/money/exchange-rate.server";
import type { Lang } from "~/i18n/config";
import type { MediaStorage } from "~/media/storage.server";
import type { Env } from "~/utils/env.server";
import { type CardView, markFavorites, toCardView } from "~/views/common/card-view.server";

export interface RelatedView {
  /** Null when the seller has no other active listing: the section is not drawn. */
  moreFromSeller: { cards: CardView[] } | null;
  similar: { cards: CardView[] } | null;
}

/** The listing page's neighbours as cards, in the reader's language; empty sections are null. */
export async function toRelatedView({
  db,
  env,
  storage,
  dataSaver = false,
  logger,
  lang,
  related,
}: {
  db: Database;
  env: Env;
  storage: MediaStorage;
  dataSaver?: boolean;
  logger: Pick<RequestLogger, "error">;
  lang: Lang;
  related: RelatedListings;
}): Promise<RelatedView> {
  const { moreFromSeller, similar } = related;
  if (moreFromSeller.length === 0 && similar.length === 0) {
    return { moreFromSeller: null, similar: null };
  }
  const usdRate = await getUsdRate({ db, env });
  const now = Date.now();
  const cards = (items: RelatedListings["similar"]) =>
    markFavorites(
      items.map((item) => toCardView(lang, item, { storage, usdRate, logger, now, dataSaver })),
      items,
    );
  return {
    moreFromSeller: moreFromSeller.length > 0 ? { cards: cards(moreFromSeller) } : null,
    similar: similar.length > 0 ? { cards: cards(similar) } : null,
  };
}
