import type { Database } from "~/db/client.server";
import type { Member } from "~/domain/accounts/session.server";
import { reportSchema } from "~/domain/moderation/moderation-schemas";
import { reportListing } from "~/domain/moderation/report-listing.server";
import type { Lang } from "~/i18n/config";
import type { Flash } from "~/utils/flash.server";
import { failedForm, invalidForm, parseForm } from "~/utils/form.server";

/**
 * The listing page's "report" form. Without JavaScript: back to the listing with the "Report
 * submitted" notice. From the dialog (it sends js=1): the form's reply, which the dialog turns
 * into a toast. Failures come back as the form's reply, with what the member typed.
 */
export async function reportListingAction({
  db,
  lang,
  member,
  form,
  listingId,
  ip,
  flash,
}: {
  db: Database;
  lang: Lang;
  member: Pick<Member, "id">;
  form: FormData;
  listingId: string;
  ip: string;
  flash: Flash;
}) {
  const submission = parseForm(lang, form, reportSchema);
  if (submission.status !== "success") return invalidForm(submission);
  try {
    await reportListing({ db, member, listingId, input: submission.value, ip });
  } catch (error) {
    return failedForm(lang, submission, error);
  }
  if (form.get("js") === "1") return submission.reply();
  return flash.redirect(`/listing/${listingId.toLowerCase()}`, "report-submitted");
}
