import { Suspense } from "react";
import { Link } from "react-router";
import { Card } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { onDemand } from "~/components/ui/on-demand";
import { requireMember } from "~/domain/accounts/session.server";
import {
  conversationReportState,
  reportConversation,
} from "~/domain/messaging/conversation-reports.server";
import { conversationReportSchema } from "~/domain/moderation/moderation-schemas";
import { bundlesFor, serverT } from "~/i18n/i18n.server";
import { useNamespace } from "~/i18n/react";
import { failedForm, invalidForm, parseForm } from "~/utils/form.server";
import { readFormData } from "~/utils/form-data.server";
import { isFormReply } from "~/utils/form-reply";
import { noindexPageMeta } from "~/utils/meta";
import { orNotFound } from "~/utils/not-found.server";
import type { RouteHandle } from "~/utils/route-handle";
import type { Route } from "./+types/message-report";

/*
 * A party reports a conversation (issue 31): a page of its own, so the thread's first load does
 * not carry the form, and a plain form, so it works without JavaScript. The domain decides who
 * may report (the two parties), how often, and once per conversation.
 */

export const handle: RouteHandle = { personal: true, writes: "own" };

// The form and Conform come after the page (the server draws it in place): the first load stays
// within budget, and the form works as plain HTML until then.
const ConversationReportForm = onDemand(
  () => import("~/components/moderation/report-form").then((m) => m.ConversationReportForm),
  { prefetch: true },
);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db, auth, lang } = context;
  const member = await requireMember({ auth, db, request });
  const state = await orNotFound(() =>
    conversationReportState({ db, member, conversationId: params.conversationId }),
  );
  const t = serverT(lang, "moderation");
  return {
    translations: bundlesFor(lang, ["moderation"]),
    meta: { title: t("conversationReport.title"), description: t("conversationReport.title") },
    ...state,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { db, auth, lang } = context;
  const member = await requireMember({ auth, db, request });
  const form = await readFormData(request, lang);
  const submission = parseForm(lang, form, conversationReportSchema);
  if (submission.status !== "success") return invalidForm(submission);
  try {
    await orNotFound(() =>
      reportConversation({
        db,
        member,
        conversationId: params.conversationId,
        input: submission.value,
        ip: context.clientIp,
      }),
    );
  } catch (error) {
    // Not one of ours (the 404 above) is thrown on by failedForm.
    return failedForm(lang, submission, error);
  }
  return context.flash.redirect(
    `/messages/${params.conversationId.toLowerCase()}`,
    "conversation-reported",
  );
}

export const meta: Route.MetaFunction = noindexPageMeta;

export default function ReportConversationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useNamespace("moderation", loaderData.translations.moderation);
  const back = `/messages/${loaderData.id}`;
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-8 sm:px-6 sm:py-12">
      <Link
        to={back}
        className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline"
        data-testid="report-back"
      >
        <Icon name="arrow-left" className="size-4 rtl:-scale-x-100" aria-hidden />
        {t("conversationReport.back")}
      </Link>
      <Card className="p-5 sm:p-8">
        {loaderData.reported ? (
          <p className="text-ink" data-testid="conversation-reported">
            {t("conversationReport.reported")}
          </p>
        ) : (
          <Suspense>
            <ConversationReportForm
              back={back}
              lastResult={isFormReply(actionData) ? actionData : undefined}
            />
          </Suspense>
        )}
      </Card>
    </main>
  );
}
