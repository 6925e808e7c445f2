import type { ListingUploadReply } from "~/components/ui/uploads";
import { serverT } from "~/i18n/i18n.server";
import { messageReply } from "~/utils/form-reply";
import type { RouteHandle } from "~/utils/route-handle";
import {
  type ListingSaveOutcome,
  saveListingEdit,
  saveNewListing,
} from "~/views/listing/listing-form.server";
import type { Route } from "./+types/api.listings";

export const handle: RouteHandle = { personal: true, body: "listing", writes: "listing" };

/**
 * The create (`/api/listings`) and edit (`/api/listings/:id`) forms' saves with JavaScript
 * (components/listing/use-listing-save.ts): a route of their own so that the service worker can
 * keep a new listing's save made offline and send it later (Background Sync, decision 025).
 * Exactly the pages' actions (the same shared save functions), answered as JSON instead of a page
 * or a redirect: the form's reply, with its status, or where to go once saved (the flash cookie
 * rides along for the next page).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  let outcome: ListingSaveOutcome;
  try {
    outcome = params.id
      ? await saveListingEdit({ request, context, listingId: params.id })
      : await saveNewListing({ request, context });
  } catch (error) {
    // requireMember's redirect to the sign-in page: a message the form can show instead.
    if (error instanceof Response && error.status >= 300 && error.status < 400) {
      const reply: ListingUploadReply = messageReply(serverT(context.lang)("errors.AUTH_REQUIRED"));
      return Response.json(reply, { status: 401 });
    }
    throw error;
  }
  if (!outcome.ok) {
    const reply: ListingUploadReply = outcome.result.reply;
    return Response.json(reply, outcome.init);
  }
  const reply: ListingUploadReply = { redirectTo: `/listing/${outcome.id}` };
  return Response.json(reply, {
    headers: {
      "Set-Cookie": await context.flash.cookie(outcome.flash),
    },
  });
}
