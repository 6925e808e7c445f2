import type {
  ReportedConversation,
  ReportedConversationSummary,
  ReportedParty,
} from "~/domain/messaging/conversation-reports.server";
import type { Lang } from "~/i18n/config";
import { formatDateTime, formatNumber } from "~/i18n/format";
import { serverT } from "~/i18n/i18n.server";
import { localized } from "~/i18n/localized";
import { SYRIA_TIME_ZONE } from "~/utils/syria-time";
import { photoView } from "./message-view.server";

/*
 * Reported conversations (issue 31) as moderators read them, formatted on the server in the page's
 * language: who is who, what each report says, and the messages with their photos.
 */

export type ReportedConversationSummaryView = ReturnType<typeof toReportedConversationSummaryView>;

export function toReportedConversationSummaryView(lang: Lang, item: ReportedConversationSummary) {
  const t = serverT(lang, "moderation");
  const unknown = serverT(lang, "messages")("thread.unknownUser");
  const when = (date: Date) => formatDateTime(lang, date, { timeZone: SYRIA_TIME_ZONE });
  return {
    id: item.id,
    href: `/moderation/conversations/${item.id}`,
    listingHref: `/listing/${item.listingId}`,
    between: t("conversations.between", {
      buyer: item.buyer?.name ?? unknown,
      seller: item.seller?.name ?? unknown,
    }),
    about: t("conversations.about", {
      title: localized(lang, { title: item.listingTitle, titleAr: item.listingTitleAr }, "title"),
    }),
    reportCount: t("conversations.reports", {
      count: item.reports.length,
      formatted: formatNumber(lang, item.reports.length),
    }),
    reports: item.reports.map((report, index) => ({
      key: `${report.reporterId ?? "gone"}-${index}`,
      by:
        report.reporterId && report.reporterId === item.buyer?.id
          ? t("conversations.reportedByBuyer", { when: when(report.at) })
          : t("conversations.reportedBySeller", { when: when(report.at) }),
      reason: t(`conversationReport.reasons.${report.reason}`),
      details: report.details || null,
    })),
  };
}

export type ReportedConversationView = ReturnType<typeof toReportedConversationView>;

export function toReportedConversationView(lang: Lang, conversation: ReportedConversation) {
  const t = serverT(lang, "moderation");
  const unknown = serverT(lang, "messages")("thread.unknownUser");
  const reported = new Set(conversation.reports.map((report) => report.reportedId));
  const party = (member: ReportedParty | null, role: "buyer" | "seller") => ({
    role: t(`conversations.${role}`),
    id: member?.id ?? null,
    name: member?.name ?? (member ? unknown : t("conversations.left")),
    href: member ? `/u/${encodeURIComponent(member.id)}` : null,
    suspended: member?.suspended ?? false,
    /** A report is about them, and they can still be suspended. */
    canSuspend: Boolean(member && reported.has(member.id) && !member.suspended),
  });
  const buyer = party(conversation.buyer, "buyer");
  const seller = party(conversation.seller, "seller");
  return {
    ...toReportedConversationSummaryView(lang, conversation),
    title: t("conversations.pageTitle"),
    parties: [buyer, seller],
    reasonHint: t("conversations.reasonHint"),
    messages: conversation.messages.map((message) => {
      const from =
        message.senderId && message.senderId === conversation.buyer?.id
          ? buyer
          : message.senderId && message.senderId === conversation.seller?.id
            ? seller
            : null;
      return {
        id: message.id,
        fromBuyer: from === buyer,
        sender: from ? `${from.name} · ${from.role}` : unknown,
        time: formatDateTime(lang, message.createdAt, { timeZone: SYRIA_TIME_ZONE }),
        iso: message.createdAt.toISOString(),
        body: message.body,
        photos: message.photos.map((photo, index) => ({
          ...photoView(conversation.id, photo),
          alt: t("conversations.photo", { n: formatNumber(lang, index + 1) }),
        })),
      };
    }),
    earlier: conversation.hasEarlier ? t("conversations.earlier") : null,
  };
}
