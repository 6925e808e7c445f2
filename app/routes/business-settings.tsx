import { Suspense } from "react";
import { Form, Link } from "react-router";
import type { BusinessFormValues } from "~/components/sellers/business-form";
import { buttonStyles } from "~/components/ui/button-styles";
import { Card } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { onDemand } from "~/components/ui/on-demand";
import { requireMember } from "~/domain/accounts/session.server";
import {
  getBusinessProfile,
  removeBusinessProfile,
  saveBusinessProfile,
} from "~/domain/sellers/business-profile.server";
import { businessSchema } from "~/domain/sellers/business-schemas";
import { sellerPath } from "~/domain/sellers/get-seller-profile.server";
import { bundlesFor, serverT } from "~/i18n/i18n.server";
import { useNamespace } from "~/i18n/react";
import { AppError } from "~/utils/app-error";
import { failedForm, invalidForm, parseForm } from "~/utils/form.server";
import { readCappedFormData } from "~/utils/form-data.server";
import { noindexPageMeta } from "~/utils/meta";
import type { RouteHandle } from "~/utils/route-handle";
import type { Route } from "./+types/business-settings";

/*
 * A member makes their seller page a business page (issue 32), edits it, or makes it a
 * person's again. The domain checks everything; the form works without JavaScript.
 */

export const handle: RouteHandle = { personal: true, body: "profile" };

// The logo plus a few short fields; a larger request is refused before it is read.
const MAX_BUSINESS_REQUEST_BYTES = 6 * 1024 * 1024;

const BusinessForm = onDemand(
  () => import("~/components/sellers/business-form").then((m) => m.BusinessForm),
  { prefetch: true },
);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, auth, lang } = context;
  const member = await requireMember({ auth, db, request });
  const business = await getBusinessProfile({ db, member });
  const t = serverT(lang, "account");
  const values: BusinessFormValues | null = business
    ? {
        name: business.name,
        address: business.address,
        hours: business.hours,
        description: business.description,
        website: business.website ?? "",
        logoUrl: business.logoKey ? context.storage.urlFor(business.logoKey) : null,
      }
    : null;
  return {
    translations: bundlesFor(lang, ["account"]),
    meta: { title: t("business.title"), description: t("business.intro") },
    values,
    sellerPage: sellerPath({ id: member.id, username: null }),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, auth, lang } = context;
  const member = await requireMember({ auth, db, request });
  const form = await readCappedFormData(request, lang, MAX_BUSINESS_REQUEST_BYTES);
  if (!form) {
    const unread = parseForm(lang, new FormData(), businessSchema);
    return failedForm(lang, unread, new AppError("IMAGE_TOO_LARGE", { field: "logo" }));
  }
  if (form.get("intent") === "remove") {
    await removeBusinessProfile({ db, storage: context.storage, member });
    return context.flash.redirect("/settings/business", "business-removed");
  }
  const submission = parseForm(lang, form, businessSchema);
  if (submission.status !== "success") return invalidForm(submission);
  const { logo: upload, ...input } = submission.value;
  const logo =
    upload instanceof File && upload.size > 0
      ? { bytes: new Uint8Array(await upload.arrayBuffer()) }
      : undefined;
  try {
    await saveBusinessProfile({
      db,
      storage: context.storage,
      member,
      input,
      logo,
      removeLogo: form.get("removeLogo") === "yes",
    });
  } catch (error) {
    return failedForm(lang, submission, error);
  }
  return context.flash.redirect("/settings/business", "business-saved");
}

export const meta: Route.MetaFunction = noindexPageMeta;

export default function BusinessSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useNamespace("account", loaderData.translations.account);
  const { values } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-2xl font-bold text-ink sm:text-3xl">{t("business.title")}</h1>
      <p className="mt-2 text-muted">{t("business.intro")}</p>
      <Card className="mt-6 p-5 sm:p-6">
        <Suspense>
          <BusinessForm values={values} lastResult={actionData} />
        </Suspense>
      </Card>
      {values ? (
        <Card className="mt-6 flex flex-wrap items-center justify-between gap-3 p-5 sm:p-6">
          <Link to={loaderData.sellerPage} className={buttonStyles.secondary}>
            <Icon name="eye" className="size-4" aria-hidden />
            {t("business.viewPage")}
          </Link>
          <Form method="post" encType="multipart/form-data">
            <input type="hidden" name="intent" value="remove" />
            <button type="submit" className={buttonStyles.secondary} data-testid="business-remove">
              <Icon name="user-round" className="size-4" aria-hidden />
              {t("business.remove")}
            </button>
          </Form>
        </Card>
      ) : null}
    </main>
  );
}
