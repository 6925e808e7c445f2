import type { TFunction } from "~/i18n/keys";
import type { ListingPageTexts } from "./listing-page-view.server";

/*
 * Type-level tests, run by `npm run typecheck`: the listing page's components read their texts
 * through `t` typed by what listingPageTexts sends, so a text the page leaves out (which would
 * show as its key) fails the build. Nothing here runs.
 */
export function listingPage(
  t: TFunction<"listings", ListingPageTexts["listings"]>,
  status: "sold" | "expired",
) {
  t("detail.description");
  t("share.copyLink");
  // Sent to the listing's owner only, and the notice of the listing's own status only.
  t("detail.owner.renew");
  t(`detail.status.${status}`);
  t("detail.status.removedReason", { reason: "Duplicate" });
  // @ts-expect-error -- the 404's texts come with the 404, not in the page's data
  t("detail.notFoundTitle");
  // @ts-expect-error -- written by the server only (shareMessage)
  t("share.listingMessage", { title: "Oud", url: "/listing/1" });
  // @ts-expect-error -- the ad form's texts are not sent
  t("form.usdEquivalent", { amount: "$1" });
  // @ts-expect-error -- and still typed by the catalog: not a key at all
  t("detail.descriptionn");
}

export function related(t: TFunction<"discovery", ListingPageTexts["discovery"]>) {
  t("related.moreIn", { category: "Cars" });
  // @ts-expect-error -- the neighbours' other texts come with them (api.related.ts)
  t("related.moreFromSeller");
}
