import { data, redirect } from "react-router";
import type { Database } from "~/db/client.server";
import type { Member } from "~/domain/accounts/session.server";
import { REPORT_DETAILS_MAX } from "~/domain/moderation/moderation-schemas";
import { reportListing } from "~/domain/moderation/report-listing.server";
import type { Lang } from "~/i18n/config";
import { serverT } from "~/i18n/i18n.server";
import { rateLimitedMessage } from "~/utils/action-error.server";
import { isAppError } from "~/utils/app-error";
import { flashCookie } from "~/utils/flash.server";
import type { ReportActionData } from "./report-listing";

/**
 * The listing page's "report" form. Without JavaScript: back to the listing with the "Report
 * submitted" notice. From the dialog (it sends js=1): a small reply the dialog turns into a toast.
 * Failures come back translated, with what the member typed.
 */
export async function reportListingAction({
  db,
  lang,
  member,
  form,
  listingId,
  ip,
}: {
  db: Database;
  lang: Lang;
  member: Pick<Member, "id">;
  form: FormData;
  listingId: string;
  ip: string;
}) {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const values = { reason: text("reason"), details: text("details") };
  try {
    await reportListing({ db, member, listingId, input: values, ip });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data<ReportActionData>(
      {
        intent: "report",
        ok: false,
        error:
          error.code === "RATE_LIMITED"
            ? rateLimitedMessage(lang, Number(error.params.seconds ?? 0))
            : serverT(lang)(`errors.${error.code}`),
        // Enough to fix and resend; never megabytes echoed back.
        values: {
          reason: values.reason.slice(0, 40),
          details: values.details.slice(0, REPORT_DETAILS_MAX * 2),
        },
      },
      { status: error.status },
    );
  }
  if (form.get("js") === "1") return data<ReportActionData>({ intent: "report", ok: true });
  return redirect(`/listing/${listingId.toLowerCase()}`, {
    headers: { "Set-Cookie": flashCookie("report-submitted") },
  });
}
