import { data, Link } from "react-router";
import { ReportedConversationPanel } from "~/components/moderation/reported-conversations";
import { Icon } from "~/components/ui/icon";
import { getMember } from "~/domain/accounts/session.server";
import {
  dismissConversationReports,
  getReportedConversation,
} from "~/domain/messaging/conversation-reports.server";
import { decisionSchema } from "~/domain/moderation/moderation-schemas";
import { suspendMember } from "~/domain/moderation/suspend-member.server";
import { bundlesFor } from "~/i18n/i18n.server";
import { useNamespace } from "~/i18n/react";
import { isAppError } from "~/utils/app-error";
import { failedForm, invalidForm, parseForm } from "~/utils/form.server";
import { readFormData } from "~/utils/form-data.server";
import { noindexPageMeta } from "~/utils/meta";
import type { RouteHandle } from "~/utils/route-handle";
import { toReportedConversationView } from "~/views/messaging/conversation-report-view.server";
import type { Route } from "./+types/moderation-conversation";

/*
 * A reported conversation as a moderator reads it (issue 31): only while a report on it is open.
 * Everyone else — a member, one of its parties, a visitor — and a conversation without an open
 * report get the ordinary 404: the domain decides, from the database.
 */

export const handle: RouteHandle = { personal: true };

function notFound(): never {
  throw data("Not found", { status: 404 });
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db, auth, lang } = context;
  const member = await getMember({ auth, db, request });
  if (member?.role !== "moderator") notFound();
  try {
    const conversation = await getReportedConversation({
      db,
      actor: member,
      conversationId: params.conversationId,
    });
    const view = toReportedConversationView(lang, conversation);
    return {
      translations: bundlesFor(lang, ["moderation"]),
      meta: { title: view.title, description: view.about },
      view,
    };
  } catch (error) {
    if (isAppError(error) && error.code === "NOT_FOUND") notFound();
    throw error;
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { db, auth, lang } = context;
  const member = await getMember({ auth, db, request });
  if (member?.role !== "moderator") notFound();
  const form = await readFormData(request, lang);
  const submission = parseForm(lang, form, decisionSchema);
  if (submission.status !== "success") return invalidForm(submission);
  const { reason } = submission.value;
  // A suspend button names the reported member; the dismiss button is the form's intent.
  const suspend = form.get("suspend");
  try {
    if (typeof suspend === "string" && suspend)
      await suspendMember({ db, actor: member, userId: suspend, reason });
    else
      await dismissConversationReports({
        db,
        actor: member,
        conversationId: params.conversationId,
        reason,
      });
  } catch (error) {
    if (isAppError(error) && error.code === "NOT_FOUND") notFound();
    return failedForm(lang, submission, error);
  }
  // Closed either way: the conversation is no longer open to moderators.
  return context.flash.redirect("/moderation#reported-conversations", "moderation-saved");
}

export const meta: Route.MetaFunction = noindexPageMeta;

export default function ModerationConversationPage({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  const { t } = useNamespace("moderation", loaderData.translations.moderation);
  const { view } = loaderData;
  return (
    <main
      id="main"
      className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6 sm:py-12"
      data-testid="moderated-conversation"
    >
      <Link
        to="/moderation#reported-conversations"
        className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline"
      >
        <Icon name="arrow-left" className="size-4 rtl:-scale-x-100" aria-hidden />
        {t("conversations.back")}
      </Link>
      <header>
        <h1 className="flex items-center gap-2 text-2xl font-bold text-ink">
          <Icon name="shield-check" className="size-7 text-brand-600" aria-hidden />
          {view.title}
        </h1>
        <p className="mt-2 text-sm font-semibold text-ink" dir="auto">
          {view.between}
        </p>
        <p className="text-sm text-muted" dir="auto">
          <Link to={view.listingHref} className="hover:underline">
            {view.about}
          </Link>
        </p>
      </header>
      <ReportedConversationPanel view={view} reply={actionData} />
    </main>
  );
}
