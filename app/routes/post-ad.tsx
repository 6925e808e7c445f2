import { data, redirect } from "react-router";
import { ListingForm } from "~/components/listing/listing-form";
import { type ListingFormReply, saveNewListing } from "~/components/listing/listing-form.server";
import { buildFormModel } from "~/components/listing/listing-form-model.server";
import type { FormValues } from "~/components/listing/listing-form-view";
import { requireMember } from "~/domain/accounts/session.server";
import { POSTABLE_CATEGORY_IDS } from "~/domain/listings/listings-schemas";
import { bundlesFor, serverT } from "~/i18n/i18n.server";
import { useNamespace } from "~/i18n/react";
import { MAX_LISTING_IMAGES } from "~/media/listing-images.server";
import { withActionHeaders } from "~/utils/action-error.server";
import { flashCookie } from "~/utils/flash.server";
import { pageMeta } from "~/utils/meta";
import type { Route } from "./+types/post-ad";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, auth, lang } = context;
  await requireMember({ auth, db, request });
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
    meta: { title: t("meta.create"), description: t("meta.createDescription") },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const outcome = await saveNewListing({ request, context });
  if (!outcome.ok) return data(outcome.reply, { status: outcome.status });
  return redirect(`/listing/${outcome.id}`, {
    headers: { "Set-Cookie": flashCookie("listing-created") },
  });
}

export const headers: Route.HeadersFunction = withActionHeaders;

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, args.loaderData?.meta),
  { name: "robots", content: "noindex" },
];

export default function PostAdPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useNamespace("listings", loaderData.translations.listings);
  const reply = actionData as ListingFormReply | undefined;
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="mb-6 text-2xl font-bold text-ink sm:text-3xl">{t("form.createTitle")}</h1>
      <ListingForm
        mode="create"
        model={reply?.model ?? loaderData.model}
        values={reply?.values ?? loaderData.values}
        fieldErrors={reply?.fieldErrors}
        formError={reply?.formError}
        filesLost={reply?.filesLost}
        maxImages={loaderData.maxImages}
        cancelTo="/my-listings"
        uploadTo="/api/listings"
        draftKey="form_create_listing"
      />
    </main>
  );
}
