import { data, redirect } from "react-router";
import { requireMember } from "~/domain/accounts/session.server";
import { openSavedSearch } from "~/domain/saved-searches/open-saved-search.server";
import { isAppError } from "~/utils/app-error";
import { appErrorMessage } from "~/utils/form.server";
import type { RouteHandle } from "~/utils/route-handle";
import type { Route } from "./+types/saved-search-open";

export const handle: RouteHandle = { personal: true, writes: "own" };

/**
 * A saved search's results, opened from /saved-searches: what is there now is seen (its new
 * matches start again from now), then the results page itself. Only its owner gets there: for
 * anyone else, as for an id that does not exist, the "not found" screen.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db, auth, lang } = context;
  const member = await requireMember({ auth, db, request });
  try {
    return redirect(await openSavedSearch({ db, member, id: params.id }));
  } catch (error) {
    if (!isAppError(error)) throw error;
    // The root's error screen: "not found" for a 404, the message otherwise.
    throw data(appErrorMessage(lang, error), { status: error.status });
  }
}
