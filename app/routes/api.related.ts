import { getMember } from "~/domain/accounts/session.server";
import { findRelatedListings } from "~/domain/discovery/find-related-listings.server";
import { bundlesFor } from "~/i18n/i18n.server";
import { toRelatedView } from "~/views/discovery/related-view.server";
import type { Route } from "./+types/api.related";

/**
 * A listing's neighbours (more from its seller, similar listings: decision 026) for
 * the listing page, which asks for them when the reader nears the end of the listing: the page's
 * own HTML stays within decision 032's 40 KB, and a reader who never scrolls that far never pays
 * for them. One statement (and the session's). The sections' texts come along (the page has only
 * its two links'). A member's hearts are in the cards, so the answer is theirs alone.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db, auth, lang, env } = context;
  const member = await getMember({ auth, db, request });
  const related = await findRelatedListings({ db, listingId: params.id, member });
  return Response.json(
    {
      related: await toRelatedView({
        db,
        env,
        storage: context.storage,
        dataSaver: context.dataSaver,
        logger: context.logger,
        lang,
        related,
      }),
      translations: bundlesFor(lang, ["discovery"], { discovery: ["card", "related"] }),
    },
    {
      headers: {
        "Cache-Control": "private, max-age=60",
        Vary: "Cookie, Accept-Language, Save-Data",
      },
    },
  );
}
