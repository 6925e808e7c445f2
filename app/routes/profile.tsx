import { Suspense } from "react";
import { data } from "react-router";
import { ActivityTabs, tabOf } from "~/components/accounts/activity-tabs";
import { ProfileHeader } from "~/components/accounts/profile-header";
import { ProfileInfo } from "~/components/accounts/profile-info";
import { onDemand } from "~/components/ui/on-demand";
import { noFieldsSchema, profileSchema } from "~/domain/accounts/accounts-schemas";
import { resendConfirmation } from "~/domain/accounts/confirm-email.server";
import { getProfile, type MemberProfile } from "~/domain/accounts/get-profile.server";
import { requireMember } from "~/domain/accounts/session.server";
import { updateProfile } from "~/domain/accounts/update-profile.server";
import { FAVORITES_PREVIEW } from "~/domain/favorites/favorites-schemas";
import { listFavorites } from "~/domain/favorites/list-favorites.server";
import { listMyListings } from "~/domain/listings/list-my-listings.server";
import { listInbox } from "~/domain/messaging/list-inbox.server";
import { bundlesFor, serverT } from "~/i18n/i18n.server";
import { useNamespace } from "~/i18n/react";
import { AppError } from "~/utils/app-error";
import { failedForm, invalidForm, parseForm, withActionHeaders } from "~/utils/form.server";
import { readCappedFormData } from "~/utils/form-data.server";
import { noindexPageMeta } from "~/utils/meta";
import type { RouteHandle } from "~/utils/route-handle";
import { locationGroups, toProfileView } from "~/views/accounts/profile-view.server";
import { toFavoriteCards } from "~/views/favorites/favorite-cards.server";
import { toMyListingRows } from "~/views/listing/my-listings.server";
import { toInboxRows } from "~/views/messaging/inbox-view.server";
import type { Route } from "./+types/profile";

export const handle: RouteHandle = { personal: true, body: "profile" };

// The forms (and Conform) are fetched after the page is drawn; the server draws them in place, and
// until their code arrives they are plain forms the action answers.
const EditProfileForm = onDemand(
  () => import("~/components/accounts/edit-profile-form").then((m) => m.EditProfileForm),
  { prefetch: true },
);
const UnconfirmedNotice = onDemand(
  () => import("~/components/accounts/resend-confirmation").then((m) => m.UnconfirmedNotice),
  { prefetch: true },
);
// One tab is drawn at a time: each tab's code is fetched when it is shown (the server draws it in
// place), so the page's first load carries none of the three (decision 030).
const MyListingsTable = onDemand(() =>
  import("~/components/listing/my-listings-table").then((m) => m.MyListingsTable),
);
const FavoritesPreview = onDemand(() =>
  import("~/components/favorites/favorites-preview").then((m) => m.FavoritesPreview),
);
const ProfileMessages = onDemand(() =>
  import("~/components/messaging/profile-messages").then((m) => m.ProfileMessages),
);
/** Conversations the Messages tab shows before "View All Messages". */
const PROFILE_CONVERSATIONS = 5;
// A request larger than this is refused before it is read: the avatar plus a few short fields.
const MAX_PROFILE_REQUEST_BYTES = 6 * 1024 * 1024;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, auth, lang } = context;
  const member = await requireMember({ auth, db, request });
  const t = serverT(lang, "account");
  let profile: MemberProfile;
  try {
    profile = await getProfile({ db, memberId: member.id, lang });
  } catch (error) {
    context.logger.error({ err: error }, "profile failed to load");
    throw data(t("profile.loadFailed"), { status: 500 });
  }
  const url = new URL(request.url);
  const tab = tabOf(url.searchParams.get("tab"));
  // Only the open tab's rows are read: one query, and none for the other tabs.
  const listings =
    tab === "listings" ? toMyListingRows(lang, await listMyListings({ db, member })) : [];
  // The Favorites tab: the latest three saved listings (spec), one query.
  const favorites =
    tab === "favorites"
      ? await toFavoriteCards({
          db,
          env: context.env,
          storage: context.storage,
          dataSaver: context.dataSaver,
          logger: context.logger,
          lang,
          items: (await listFavorites({ db, member, pageSize: FAVORITES_PREVIEW })).items,
          favorited: true,
        })
      : [];
  // The Messages tab: the latest conversations, one query.
  const conversations =
    tab === "messages"
      ? toInboxRows(
          lang,
          await listInbox({ db, member, limit: PROFILE_CONVERSATIONS }),
          context.storage,
        )
      : [];
  const confirm = url.searchParams.get("confirm");
  return {
    translations: bundlesFor(lang, ["account", "listings", "favorites", "discovery", "messages"]),
    editing: url.searchParams.get("edit") === "1",
    tab,
    favorites,
    conversations,
    listings,
    confirm: confirm && listings.some((row) => row.id === confirm) ? confirm : null,
    profile: toProfileView(lang, profile),
    locations: locationGroups(lang),
    meta: { title: t("meta.profile"), description: t("meta.profileDescription") },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, auth, lang, env } = context;
  const member = await requireMember({ auth, db, request });
  const form = await readCappedFormData(request, lang, MAX_PROFILE_REQUEST_BYTES);
  if (!form) {
    // Too large to read: nothing typed comes back, the reason goes under the picture.
    const unread = parseForm(lang, intentOnly("profile"), noFieldsSchema);
    return failedForm(lang, unread, new AppError("IMAGE_TOO_LARGE", { field: "avatar" }));
  }
  const intent = String(form.get("intent") ?? "profile");

  if (intent === "resend") {
    const submission = parseForm(lang, form, noFieldsSchema);
    try {
      await resendConfirmation({ db, auth, email: member.email, ip: context.clientIp });
      return submission.reply();
    } catch (error) {
      return failedForm(lang, submission, error);
    }
  }

  const submission = parseForm(lang, form, profileSchema);
  if (submission.status !== "success") return invalidForm(submission);
  const { avatar: upload, ...input } = submission.value;
  const avatar =
    upload instanceof File && upload.size > 0
      ? { bytes: new Uint8Array(await upload.arrayBuffer()) }
      : undefined;
  try {
    await updateProfile({ db, memberId: member.id, input, avatar, dataDir: env.DATA_DIR, lang });
  } catch (error) {
    return failedForm(lang, submission, error);
  }
  return context.flash.redirect("/profile", "profile-saved");
}

/** A form holding only its intent, for a reply to a request whose body was not read. */
function intentOnly(intent: string) {
  const form = new FormData();
  form.set("intent", intent);
  return form;
}

export const headers: Route.HeadersFunction = withActionHeaders;

export const meta: Route.MetaFunction = noindexPageMeta;

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useNamespace("account", loaderData.translations.account);
  useNamespace("listings", loaderData.translations.listings);
  useNamespace("favorites", loaderData.translations.favorites);
  useNamespace("discovery", loaderData.translations.discovery);
  const { profile, tab } = loaderData;
  // A failed save comes back to the form (a save is only ever answered with an error).
  const editing = loaderData.editing || actionData?.initialValue?.intent === "profile";

  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <ProfileHeader profile={profile} editing={editing} />

      {profile.emailVerified || !profile.email ? null : (
        <Suspense>
          <UnconfirmedNotice email={profile.email} actionData={actionData} />
        </Suspense>
      )}

      {editing ? (
        <Suspense>
          <EditProfileForm
            profile={profile}
            locations={loaderData.locations}
            actionData={actionData}
          />
        </Suspense>
      ) : (
        <ProfileInfo profile={profile} />
      )}

      <ActivityTabs tab={tab}>
        {tab === "listings" && loaderData.listings.length > 0 ? (
          <MyListingsTable
            listings={loaderData.listings}
            confirm={loaderData.confirm}
            returnTo="/profile"
          />
        ) : tab === "favorites" && loaderData.favorites.length > 0 ? (
          <FavoritesPreview
            cards={loaderData.favorites}
            viewAllLabel={t("profile.favorites.viewAll")}
          />
        ) : tab === "messages" && loaderData.conversations.length > 0 ? (
          <ProfileMessages
            rows={loaderData.conversations}
            translations={loaderData.translations.messages}
          />
        ) : null}
      </ActivityTabs>
    </main>
  );
}
