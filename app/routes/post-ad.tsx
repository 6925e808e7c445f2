import { data } from "react-router";
import { ListingFormPage } from "~/components/listing/listing-form-page";
import { requireMember } from "~/domain/accounts/session.server";
import { POSTABLE_CATEGORY_IDS } from "~/domain/listings/listings-schemas";
import { bundlesFor, serverT } from "~/i18n/i18n.server";
import { useNamespace } from "~/i18n/react";
import { MAX_LISTING_IMAGES } from "~/media/listing-images.server";
import { withActionHeaders } from "~/utils/form.server";
import { noindexPageMeta } from "~/utils/meta";
import type { RouteHandle } from "~/utils/route-handle";
import { saveNewListing } from "~/views/listing/listing-form.server";
import { buildFormModel } from "~/views/listing/listing-form-model.server";
import type { FormValues } from "~/views/listing/listing-form-view";
import type { Route } from "./+types/post-ad";

export const handle: RouteHandle = { personal: true, body: "listing", writes: "listing" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, auth, lang } = context;
  const member = await requireMember({ auth, db, request });
  const url = new URL(request.url);
  const category = url.searchParams.get("category") ?? "";
  const values: FormValues = {
    categoryId: POSTABLE_CATEGORY_IDS.includes(Number(category)) ? category : "",
  };
  const t = serverT(lang, "listings");
  return {
    translations: bundlesFor(lang, ["listings"]),
    values,
    model: buildFormModel(lang, values),
    maxImages: MAX_LISTING_IMAGES,
    author: member.id,
    meta: { title: t("meta.create"), description: t("meta.createDescription") },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const outcome = await saveNewListing({ request, context });
  if (!outcome.ok) return data(outcome.result, outcome.init);
  return context.flash.redirect(`/listing/${outcome.id}`, outcome.flash);
}

export const headers: Route.HeadersFunction = withActionHeaders;

export const meta: Route.MetaFunction = noindexPageMeta;

export default function PostAdPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useNamespace("listings", loaderData.translations.listings);
  return (
    <ListingFormPage
      title={t("form.createTitle")}
      mode="create"
      model={loaderData.model}
      values={loaderData.values}
      result={actionData}
      maxImages={loaderData.maxImages}
      cancelTo="/my-listings"
      uploadTo="/api/listings"
      draftKey="form_create_listing"
      author={loaderData.author}
    />
  );
}
