import { Link } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { Icon } from "~/components/ui/icon";
import type { FavoriteCardView } from "~/views/favorites/favorite-cards.server";
import { FavoritesGrid } from "./favorite-card";

/** The profile's Favorites tab: the latest few saved listings and a link to all of them. */
export function FavoritesPreview({
  cards,
  viewAllLabel,
}: {
  cards: FavoriteCardView[];
  viewAllLabel: string;
}) {
  return (
    <div className="space-y-4">
      <FavoritesGrid cards={cards} />
      <div className="flex justify-center">
        <Link to="/favorites" className={buttonStyles.secondary} data-testid="view-all-favorites">
          <Icon name="heart" className="size-4 text-rose-600" aria-hidden />
          {viewAllLabel}
        </Link>
      </div>
    </div>
  );
}
