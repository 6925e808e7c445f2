import type { Database } from "~/db/client.server";
import type { Member } from "~/domain/accounts/session.server";
import { findListingConversation } from "~/domain/messaging/find-listing-conversation.server";
import type { Lang } from "~/i18n/config";
import { serverT } from "~/i18n/i18n.server";

type Texts<K extends string> = Record<K, string>;

/** Each state carries only the texts it shows. */
export type MessageSellerView =
  | { state: "visitor"; loginUrl: string; texts: Texts<"loginRequired" | "loginHint"> }
  | {
      state: "compose";
      listingId: string;
      texts: Texts<"title" | "label" | "placeholder" | "send" | "sending" | "quickLabel">;
      /** The common first messages, one tap each (in the buyer's language). */
      quick: string[];
    }
  | { state: "open"; href: string; texts: Texts<"existing" | "open"> };

/**
 * The listing page's "Message seller" box: null for the owner; the sign-in link for visitors; the
 * buyer's conversation when they already wrote (one query), else a composer; and for a listing
 * off the market (expired) only an existing conversation. Its texts travel with
 * it, so the page does not need the whole messages catalog.
 */
export async function messageSellerView({
  db,
  lang,
  member,
  listingId,
  isOwner,
  contactable,
  conversationId,
}: {
  db: Database;
  lang: Lang;
  member: Pick<Member, "id"> | null;
  listingId: string;
  isOwner: boolean;
  /** Whether a new conversation may start (the listing is on the market: isPublicStatus). */
  contactable: boolean;
  /** Already known (the listing page reads it with the listing); looked up when undefined. */
  conversationId?: string | null;
}): Promise<MessageSellerView | null> {
  if (isOwner) return null;
  const t = serverT(lang, "messages");
  if (!member) {
    if (!contactable) return null;
    return {
      state: "visitor",
      loginUrl: `/auth?redirectTo=${encodeURIComponent(`/listing/${listingId}`)}`,
      texts: { loginRequired: t("listing.loginRequired"), loginHint: t("listing.loginHint") },
    };
  }
  const existing =
    conversationId === undefined
      ? await findListingConversation({ db, member, listingId })
      : conversationId;
  if (existing) {
    return {
      state: "open",
      href: `/messages/${existing}`,
      texts: { existing: t("listing.existing"), open: t("listing.open") },
    };
  }
  if (!contactable) return null;
  return {
    state: "compose",
    listingId,
    texts: {
      title: t("listing.title"),
      label: t("listing.label"),
      placeholder: t("listing.placeholder"),
      send: t("listing.send"),
      sending: t("listing.sending"),
      quickLabel: t("quick.label"),
    },
    quick: firstQuestions(t),
  };
}

/** A buyer's common first messages (issue 31's quick replies). */
export function firstQuestions(t: ReturnType<typeof serverT<"messages">>) {
  return [t("quick.available"), t("quick.lowest"), t("quick.where")];
}
