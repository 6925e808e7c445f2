import { Form, Link, useNavigation } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { Card } from "~/components/ui/card";
import { FormAlert } from "~/components/ui/field";
import { Icon } from "~/components/ui/icon";
import { findRenewalOffer, renewWithLink } from "~/domain/listings/listing-expiry.server";
import { renewLinkSchema } from "~/domain/listings/listings-schemas";
import { formatDate, formatNumber } from "~/i18n/format";
import { bundlesFor, serverT } from "~/i18n/i18n.server";
import { localized } from "~/i18n/localized";
import { useNamespace } from "~/i18n/react";
import { failedForm, invalidForm, parseForm } from "~/utils/form.server";
import { readFormData } from "~/utils/form-data.server";
import { isFormReply } from "~/utils/form-reply";
import { noindexPageMeta } from "~/utils/meta";
import type { RouteHandle } from "~/utils/route-handle";
import type { Route } from "./+types/renew-listing";

export const handle: RouteHandle = { personal: true, writes: "listing" };

/*
 * The reminder e-mail's "Renew my listing" link (listing-expiry.server.ts). The link's signature
 * stands for the owner, so it works without signing in. Opening it only shows what it would do:
 * mail scanners and link previews open links too, and must not renew a car sold last week; the
 * one button on the page renews.
 */

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db, lang, env, links } = context;
  const t = serverT(lang, "listings");
  const token = new URL(request.url).searchParams.get("token");
  const offer = await findRenewalOffer({ db, signer: links, listingId: params.id, token });
  const base = {
    translations: bundlesFor(lang, ["listings"], { listings: ["renew"] }),
    meta: { title: t("meta.renew"), description: t("meta.renewDescription") },
  };
  if (!offer) {
    return { ...base, offer: null, error: serverT(lang)("errors.INVALID_RENEW_LINK") };
  }
  const title = `\u2068${localized(lang, offer, "title")}\u2069`;
  const date = formatDate(lang, offer.expiresAt);
  const days = { count: env.LISTING_TTL_DAYS, formatted: formatNumber(lang, env.LISTING_TTL_DAYS) };
  return {
    ...base,
    error: null,
    offer: {
      token: token ?? "",
      when: t(offer.status === "expired" ? "renew.expiredOn" : "renew.expiresOn", { title, date }),
      body: t("renew.body", days),
      button: t("renew.button", days),
    },
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { db, lang, env, links } = context;
  const form = await readFormData(request, lang);
  const submission = parseForm(lang, form, renewLinkSchema);
  if (submission.status !== "success") return invalidForm(submission);
  try {
    const renewed = await renewWithLink({
      db,
      signer: links,
      listingId: params.id,
      token: submission.value.token,
      ttlDays: env.LISTING_TTL_DAYS,
    });
    return context.flash.redirect(`/listing/${renewed.id}`, "listing-renewed");
  } catch (error) {
    return failedForm(lang, submission, error);
  }
}

export const meta: Route.MetaFunction = noindexPageMeta;

export default function RenewListingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useNamespace("listings", loaderData.translations.listings);
  const busy = useNavigation().state === "submitting";
  const failed = isFormReply(actionData)
    ? Object.values(actionData.error ?? {})
        .flat()
        .find(Boolean)
    : undefined;
  const error = loaderData.error ?? failed;
  return (
    <main id="main" className="mx-auto max-w-md px-4 py-12 text-center sm:py-20">
      <Card className="p-8" testId="renew-page">
        {loaderData.offer && !loaderData.error ? (
          <>
            <Icon name="refresh-cw" className="mx-auto size-12 text-brand-600" aria-hidden />
            <h1 className="mt-4 text-2xl font-bold">{t("renew.title")}</h1>
            <p className="mt-2 break-words text-ink">{loaderData.offer.when}</p>
            <p className="mt-2 text-muted">{loaderData.offer.body}</p>
            {failed ? (
              <div className="mt-4 text-start">
                <FormAlert>{failed}</FormAlert>
              </div>
            ) : null}
            <Form method="post" className="mt-6">
              <input type="hidden" name="token" value={loaderData.offer.token} />
              <button
                type="submit"
                className={buttonStyles.primary}
                disabled={busy}
                data-testid="renew-submit"
              >
                <Icon name="refresh-cw" className="size-4" aria-hidden />
                {loaderData.offer.button}
              </button>
            </Form>
          </>
        ) : (
          <>
            <Icon
              name="triangle-exclamation-point"
              className="mx-auto size-12 text-amber-500"
              aria-hidden
            />
            <h1 className="mt-4 text-2xl font-bold">{t("renew.failedTitle")}</h1>
            <p className="mt-2 text-muted" data-testid="renew-error">
              {error}
            </p>
            <Link to="/my-listings" className={`${buttonStyles.primary} mt-6`}>
              {t("renew.myListings")}
            </Link>
          </>
        )}
      </Card>
    </main>
  );
}
