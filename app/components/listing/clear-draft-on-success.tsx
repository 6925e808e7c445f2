import { useEffect } from "react";
import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";

/**
 * On the listing page right after a save ("Listing Created"/"Listing Updated" notice), removes
 * the draft that was just sent: the create form's, or this listing's edit draft. The form noted
 * which draft it sent (session storage), so a later visit with a stale notice removes nothing.
 * Works the same after the plain form post and after the upload with progress.
 */
export function ClearDraftOnSuccess({ listingId }: { listingId: string }) {
  const flash = useRouteLoaderData<typeof rootLoader>("root")?.flash?.key ?? null;
  useEffect(() => {
    if (flash !== "listing-created" && flash !== "listing-updated" && flash !== "listing-held")
      return;
    // The draft code is fetched only right after a save: the listing page does not carry it.
    void import("./draft-storage").then(
      ({ CREATE_DRAFT_KEY, clearDraft, editDraftKey, takeSubmitted }) => {
        // A held post or edit: whichever of the two drafts was just sent.
        const keys =
          flash === "listing-created"
            ? [CREATE_DRAFT_KEY]
            : flash === "listing-updated"
              ? [editDraftKey(listingId)]
              : [CREATE_DRAFT_KEY, editDraftKey(listingId)];
        try {
          for (const key of keys) {
            if (takeSubmitted(window.sessionStorage, key, Date.now)) {
              clearDraft(window.localStorage, key);
            }
          }
        } catch {
          // Storage unavailable: there is no draft to clear either.
        }
      },
    );
  }, [flash, listingId]);
  return null;
}
