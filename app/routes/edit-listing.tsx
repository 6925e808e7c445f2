import { data } from "react-router";
import { ListingErrorBoundary, type ListingErrorData } from "~/components/listing/listing-error";
import { ListingFormPage } from "~/components/listing/listing-form-page";
import { requireMember } from "~/domain/accounts/session.server";
import { getListingForEdit, type ListingForEdit } from "~/domain/listings/get-listing.server";
import type { Lang } from "~/i18n/config";
import { bundlesFor, serverT } from "~/i18n/i18n.server";
import { useNamespace } from "~/i18n/react";
import { MAX_LISTING_IMAGES } from "~/media/listing-images.server";
import type { MediaStorage } from "~/media/storage.server";
import { isAppError } from "~/utils/app-error";
import { withActionHeaders } from "~/utils/form.server";
import { noindexPageMeta } from "~/utils/meta";
import type { RouteHandle } from "~/utils/route-handle";
import { saveListingEdit } from "~/views/listing/listing-form.server";
import { buildFormModel, storedToFormValues } from "~/views/listing/listing-form-model.server";
import type { Route } from "./+types/edit-listing";

export const handle: RouteHandle = { personal: true, body: "listing", writes: "listing" };

/** The owner's listing, or the thrown 403/404 page in the visitor's language. */
async function loadOwnListing(
  args: { db: Parameters<typeof getListingForEdit>[0]["db"]; lang: Lang },
  member: { id: string },
  listingId: string,
): Promise<ListingForEdit> {
  try {
    return await getListingForEdit({ db: args.db, member, listingId });
  } catch (error) {
    if (!isAppError(error)) throw error;
    const t = serverT(args.lang, "listings");
    const common = serverT(args.lang);
    const home = t("detail.backHome");
    if (error.code === "NOT_OWNER") {
      throw data<ListingErrorData>(
        { title: t("edit.unauthorizedTitle"), message: common("errors.NOT_OWNER"), home },
        { status: 403 },
      );
    }
    if (error.code === "LISTING_HELD") {
      throw data<ListingErrorData>(
        { title: t("form.editTitle"), message: common("errors.LISTING_HELD"), home },
        { status: 403 },
      );
    }
    if (error.code === "INVALID_LISTING_ID") {
      throw data<ListingErrorData>(
        { title: t("detail.invalidTitle"), message: t("detail.invalidBody"), home },
        { status: 404 },
      );
    }
    if (error.code === "LISTING_NOT_FOUND") {
      throw data<ListingErrorData>(
        { title: t("detail.notFoundTitle"), message: t("detail.notFoundBody"), home },
        { status: 404 },
      );
    }
    throw error;
  }
}

function imagesOf(storage: MediaStorage, listing: ListingForEdit) {
  return listing.images.map((image) => {
    const smallest = [...image.variants].sort((a, b) => a.width - b.width)[0];
    return {
      id: image.id,
      src: smallest ? storage.urlFor(smallest.key) : "",
      isPrimary: image.isPrimary,
    };
  });
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db, auth, lang } = context;
  const member = await requireMember({ auth, db, request });
  const listing = await loadOwnListing({ db, lang }, member, params.id);
  const values = storedToFormValues(listing.values);
  const t = serverT(lang, "listings");
  return {
    translations: bundlesFor(lang, ["listings"]),
    id: listing.id,
    values,
    model: buildFormModel(lang, values),
    images: imagesOf(context.storage, listing),
    maxImages: MAX_LISTING_IMAGES,
    meta: { title: t("meta.edit"), description: t("meta.editDescription") },
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { db, auth, lang } = context;
  const member = await requireMember({ auth, db, request });
  const listing = await loadOwnListing({ db, lang }, member, params.id);
  const outcome = await saveListingEdit({ request, context, listingId: listing.id });
  if (!outcome.ok) return data(outcome.result, outcome.init);
  return context.flash.redirect(`/listing/${outcome.id}`, outcome.flash);
}

export const headers: Route.HeadersFunction = withActionHeaders;

export const meta: Route.MetaFunction = noindexPageMeta;

export default function EditListingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useNamespace("listings", loaderData.translations.listings);
  return (
    <ListingFormPage
      title={t("form.editTitle")}
      mode="edit"
      model={loaderData.model}
      values={loaderData.values}
      result={actionData}
      existingImages={loaderData.images}
      maxImages={loaderData.maxImages}
      cancelTo={`/listing/${loaderData.id}`}
      uploadTo={`/api/listings/${loaderData.id}`}
      draftKey={`form_edit_listing_${loaderData.id}`}
    />
  );
}

export const ErrorBoundary = ListingErrorBoundary;
