import {
  BadgeCheck,
  CalendarDays,
  Heart,
  ListChecks,
  Mail,
  MailWarning,
  MapPin,
  MessageCircle,
  Pencil,
  Phone,
  Plus,
  Search,
  UserRound,
} from "lucide-react";
import { type ChangeEvent, type ReactNode, Suspense, useEffect, useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { toFavoriteCards } from "~/components/discovery/favorite-cards.server";
import { toMyListingRows } from "~/components/listing/my-listings.server";
import { toInboxRows } from "~/components/messaging/inbox-view.server";
import { Avatar } from "~/components/ui/avatar";
import { buttonStyles, inputStyles } from "~/components/ui/button-styles";
import { cityGroups, findCity } from "~/components/ui/city-groups.server";
import { CityOptions } from "~/components/ui/city-options";
import { Field, FormAlert } from "~/components/ui/field";
import { onDemand } from "~/components/ui/on-demand";
import { toast } from "~/components/ui/toast";
import { resendConfirmation } from "~/domain/accounts/confirm-email.server";
import { getProfile, type MemberProfile } from "~/domain/accounts/get-profile.server";
import { formatPhoneForDisplay } from "~/domain/accounts/phone";
import { requireMember } from "~/domain/accounts/session.server";
import { type ProfileInput, updateProfile } from "~/domain/accounts/update-profile.server";
import { FAVORITES_PREVIEW } from "~/domain/favorites/favorites-schemas";
import { listFavorites } from "~/domain/favorites/list-favorites.server";
import { listMyListings } from "~/domain/listings/list-my-listings.server";
import { listInbox } from "~/domain/messaging/list-inbox.server";
import type { Lang } from "~/i18n/config";
import { formatDate } from "~/i18n/format";
import { bundlesFor, serverT } from "~/i18n/i18n.server";
import { localized } from "~/i18n/localized";
import { useNamespace } from "~/i18n/react";
import { createLocalStorage } from "~/media/storage.server";
import { type FormFailure, failedAction, formValues } from "~/utils/action-error.server";
import { AppError, type AppErrorCode, isAppError } from "~/utils/app-error";
import { flashCookie } from "~/utils/flash.server";
import { readFormData } from "~/utils/form-data.server";
import { pageMeta } from "~/utils/meta";
import type { Route } from "./+types/profile";

const TABS = ["listings", "favorites", "messages"] as const;
// One tab is drawn at a time: each tab's code is fetched when it is shown (the server draws it in
// place), so the page's first load carries none of the three (issue 12).
const MyListingsTable = onDemand(() =>
  import("~/components/listing/my-listings-table").then((m) => m.MyListingsTable),
);
const FavoritesPreview = onDemand(() =>
  import("~/components/discovery/favorites-preview").then((m) => m.FavoritesPreview),
);
const ProfileMessages = onDemand(() =>
  import("~/components/messaging/profile-messages").then((m) => m.ProfileMessages),
);
/** Conversations the Messages tab shows before "View All Messages". */
const PROFILE_CONVERSATIONS = 5;
type Tab = (typeof TABS)[number];

// Mirrors AVATAR_MAX_BYTES in update-profile.server.ts (a server module the browser cannot import).
const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
// A request larger than this is refused before it is read: the avatar plus a few short fields.
const MAX_PROFILE_REQUEST_BYTES = 6 * 1024 * 1024;
const PROFILE_FIELDS = [
  "fullName",
  "username",
  "location",
  "phoneNumber",
] as const satisfies readonly (keyof ProfileInput)[];

function tabOf(value: string | null): Tab {
  return TABS.find((tab) => tab === value) ?? "listings";
}

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
          createLocalStorage(context.env.DATA_DIR),
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
    profile: {
      fullName: profile.fullName,
      username: profile.username,
      email: profile.email,
      emailVerified: profile.emailVerified,
      avatarUrl: profile.image,
      initial: (profile.email[0] ?? "?").toUpperCase(),
      memberSince: formatDate(lang, profile.createdAt, { year: "numeric", month: "long" }),
      location: profile.location,
      locationLabel: locationLabel(lang, profile.location),
      phone: profile.phoneNumber ? formatPhoneForDisplay(profile.phoneNumber) : null,
    },
    locations: locationGroups(lang),
    meta: { title: t("meta.profile"), description: t("meta.profileDescription") },
  };
}

/** "Jaramana, Rif Dimashq"; just "Damascus" where the city names its governorate. */
function locationLabel(lang: Lang, cityId: string | null) {
  const found = findCity(cityId);
  if (!found) return null;
  const { city, governorate } = found;
  if (!governorate || governorate.name === city.name) return localized(lang, city);
  return serverT(lang, "account")("profile.info.locationValue", {
    city: localized(lang, city),
    governorate: localized(lang, governorate),
  });
}

/** The cities for the location picker, grouped by governorate, each named in both languages. */
function locationGroups(lang: Lang) {
  const t = serverT(lang, "account");
  const other: Lang = lang === "ar" ? "en" : "ar";
  return cityGroups(lang, (place) =>
    t("profile.form.locationOption", {
      name: localized(lang, place),
      other: localized(other, place),
    }),
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, auth, lang, env } = context;
  const member = await requireMember({ auth, db, request });
  const form = await readForm(request, lang, MAX_PROFILE_REQUEST_BYTES);
  if (!form) return profileFailure(lang, new AppError("IMAGE_TOO_LARGE"), {});
  const intent = String(form.get("intent") ?? "profile");

  if (intent === "resend") {
    try {
      await resendConfirmation({ db, auth, email: member.email, ip: context.clientIp });
      return { ok: true as const, intent };
    } catch (error) {
      return failedAction(lang, error, {}, intent);
    }
  }

  const values = formValues(form, PROFILE_FIELDS);
  const upload = form.get("avatar");
  const avatar =
    upload instanceof File && upload.size > 0
      ? { bytes: new Uint8Array(await upload.arrayBuffer()) }
      : undefined;
  try {
    await updateProfile({
      db,
      memberId: member.id,
      input: values,
      avatar,
      dataDir: env.DATA_DIR,
      lang,
    });
  } catch (error) {
    return profileFailure(lang, error, values);
  }
  return redirect("/profile", { headers: { "Set-Cookie": flashCookie("profile-saved") } });
}

const FIELD_OF: Partial<Record<AppErrorCode, string>> = {
  NAME_REQUIRED: "fullName",
  NAME_TOO_LONG: "fullName",
  USERNAME_INVALID: "username",
  USERNAME_TAKEN: "username",
  LOCATION_INVALID: "location",
  PHONE_INVALID: "phoneNumber",
  IMAGE_NOT_IMAGE: "avatar",
  IMAGE_TOO_LARGE: "avatar",
  IMAGE_UNREADABLE: "avatar",
};

/** "Failed to save changes" above the form, the reason under the field, and what was typed. */
function profileFailure(lang: Lang, error: unknown, values: Record<string, string>) {
  const formError = serverT(lang, "account")("profile.saveFailed");
  if (!isAppError(error)) {
    console.error(error);
    return data<FormFailure>({ ok: false, intent: "profile", formError, values }, { status: 500 });
  }
  const field = FIELD_OF[error.code];
  if (!field) return failedAction(lang, error, values, "profile");
  const message = serverT(lang)(`errors.${error.code}`);
  return data<FormFailure>(
    { ok: false, intent: "profile", formError, fieldErrors: { [field]: message }, values },
    { status: error.status },
  );
}

/**
 * The form data, or null when the body is larger than `limit`; read with a cap so that an
 * oversized upload is not buffered whole.
 */
async function readForm(request: Request, lang: Lang, limit: number): Promise<FormData | null> {
  if (Number(request.headers.get("content-length") ?? 0) > limit) return null;
  if (!request.body) return readFormData(request, lang);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  const headers = { "content-type": request.headers.get("content-type") ?? "" };
  return readFormData(new Request(request.url, { method: "POST", body, headers }), lang);
}

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, args.loaderData?.meta),
  { name: "robots", content: "noindex" },
];

type T = (key: string, options?: Record<string, unknown>) => string;
type ProfileView = Route.ComponentProps["loaderData"]["profile"];
type LocationGroup = Route.ComponentProps["loaderData"]["locations"][number];

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useNamespace("account", loaderData.translations.account);
  const { t: tListings } = useNamespace("listings", loaderData.translations.listings);
  useNamespace("favorites", loaderData.translations.favorites);
  useNamespace("discovery", loaderData.translations.discovery);
  const { profile, tab } = loaderData;
  const failure = actionData && !actionData.ok ? (actionData as FormFailure) : undefined;
  const saveFailure = failure?.intent === "profile" ? failure : undefined;
  const resendFailure = failure?.intent === "resend" ? failure : undefined;
  const resent = actionData?.ok === true && actionData.intent === "resend";
  const editing = loaderData.editing || Boolean(saveFailure);

  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <section
        className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-line"
        data-testid="profile-header"
      >
        <div className="flex flex-col items-center gap-5 text-center sm:flex-row sm:text-start">
          <Avatar member={profile} size="size-20 shrink-0 text-3xl!" />
          <div className="min-w-0 flex-1">
            <h1 className="truncate text-2xl font-bold text-ink" dir="auto">
              {profile.fullName}
            </h1>
            <p className="mt-0.5 text-sm text-muted">
              {profile.username ? (
                <bdi dir="ltr">{t("profile.handle", { username: profile.username })}</bdi>
              ) : (
                t("profile.noUsername")
              )}
            </p>
            <div className="mt-3 flex flex-wrap items-center justify-center gap-2 sm:justify-start">
              {profile.emailVerified ? (
                <span
                  className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2.5 py-1 text-xs font-semibold text-brand-700 ring-1 ring-brand-200"
                  data-testid="verified-badge"
                >
                  <BadgeCheck className="size-3.5" aria-hidden />
                  {t("profile.verified")}
                </span>
              ) : null}
              <span className="inline-flex items-center gap-1 text-xs text-muted">
                <CalendarDays className="size-3.5" aria-hidden />
                {t("profile.memberSince", { date: profile.memberSince })}
              </span>
            </div>
          </div>
          {editing ? null : (
            <Link to="?edit=1" className={buttonStyles.secondary} data-testid="edit-profile">
              <Pencil className="size-4" aria-hidden />
              {t("profile.edit")}
            </Link>
          )}
        </div>
      </section>

      {profile.emailVerified ? null : (
        <UnconfirmedNotice email={profile.email} resent={resent} failure={resendFailure} t={t} />
      )}

      {editing ? (
        <EditProfileForm
          profile={profile}
          locations={loaderData.locations}
          failure={saveFailure}
          t={t}
        />
      ) : (
        <ProfileInfo profile={profile} t={t} />
      )}

      <ActivityTabs tab={tab} t={t}>
        {tab === "listings" && loaderData.listings.length > 0 ? (
          <MyListingsTable
            listings={loaderData.listings}
            confirm={loaderData.confirm}
            returnTo="/profile"
            t={tListings}
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

function UnconfirmedNotice({
  email,
  resent,
  failure,
  t,
}: {
  email: string;
  resent: boolean;
  failure?: FormFailure;
  t: T;
}) {
  const busy = useNavigation().formData?.get("intent") === "resend";
  return (
    <section
      className="mt-4 flex flex-col gap-3 rounded-2xl bg-amber-50 p-5 text-sm text-amber-900 ring-1 ring-amber-200 sm:flex-row sm:items-start"
      data-testid="unconfirmed-email"
    >
      <MailWarning className="size-5 shrink-0 text-amber-600" aria-hidden />
      <div className="flex-1 space-y-3">
        <div>
          <h2 className="font-semibold">{t("unconfirmed.title")}</h2>
          <p className="mt-1">{t("unconfirmed.body", { email: `\u2068${email}\u2069` })}</p>
        </div>
        {resent ? (
          <FormAlert tone="success" title={t("unconfirmed.sentTitle")}>
            {t("unconfirmed.sentBody")}
          </FormAlert>
        ) : (
          <Form method="post" className="space-y-3">
            <input type="hidden" name="intent" value="resend" />
            {failure?.formError ? <FormAlert>{failure.formError}</FormAlert> : null}
            <button type="submit" className={buttonStyles.secondary} disabled={busy}>
              <Mail className="size-4" aria-hidden />
              {busy ? t("unconfirmed.resending") : t("unconfirmed.resend")}
            </button>
          </Form>
        )}
      </div>
    </section>
  );
}

function ProfileInfo({ profile, t }: { profile: ProfileView; t: T }) {
  const notSet = <span className="text-muted">{t("profile.info.notSet")}</span>;
  return (
    <section
      className="mt-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-line"
      data-testid="profile-info"
    >
      <h2 className="text-lg font-semibold text-ink">{t("profile.info.title")}</h2>
      <dl className="mt-4 divide-y divide-line">
        <InfoRow
          icon={<UserRound className="size-4" aria-hidden />}
          label={t("profile.info.fullName")}
        >
          <span dir="auto">{profile.fullName}</span>
        </InfoRow>
        <InfoRow icon={<Mail className="size-4" aria-hidden />} label={t("profile.info.email")}>
          <span dir="ltr" className="break-all">
            {profile.email}
          </span>
        </InfoRow>
        <InfoRow
          icon={<MapPin className="size-4" aria-hidden />}
          label={t("profile.info.location")}
        >
          {profile.locationLabel ?? notSet}
        </InfoRow>
        <InfoRow icon={<Phone className="size-4" aria-hidden />} label={t("profile.info.phone")}>
          {profile.phone ? (
            <>
              <span dir="ltr">{profile.phone}</span>
              <span className="mt-0.5 block text-xs text-muted">{t("profile.info.phoneNote")}</span>
            </>
          ) : (
            notSet
          )}
        </InfoRow>
      </dl>
    </section>
  );
}

function InfoRow({
  icon,
  label,
  children,
}: {
  icon: ReactNode;
  label: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1 py-3 sm:flex-row sm:items-start sm:gap-4">
      <dt className="flex items-center gap-2 text-sm text-muted sm:w-44 sm:shrink-0">
        <span className="text-slate-400">{icon}</span>
        {label}
      </dt>
      <dd className="min-w-0 text-sm font-medium text-ink">{children}</dd>
    </div>
  );
}

function EditProfileForm({
  profile,
  locations,
  failure,
  t,
}: {
  profile: ProfileView;
  locations: LocationGroup[];
  failure?: FormFailure;
  t: T;
}) {
  const busy = useNavigation().formData?.get("intent") === "profile";
  const [preview, setPreview] = useState<string | null>(null);
  const [avatarError, setAvatarError] = useState<string | undefined>();
  const values = failure?.values;
  const errors = failure?.fieldErrors;
  const shownAvatarError = avatarError ?? errors?.avatar;

  useEffect(() => {
    return () => {
      if (preview) URL.revokeObjectURL(preview);
    };
  }, [preview]);

  // The picture is only previewed here; it is uploaded with the rest of the form on Save.
  function onAvatarChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    setPreview(null);
    setAvatarError(undefined);
    if (!file) return;
    if (file.size > AVATAR_MAX_BYTES) {
      event.currentTarget.value = "";
      const message = t("profile.imageTooLarge");
      setAvatarError(message);
      toast.error(message);
      return;
    }
    setPreview(URL.createObjectURL(file));
    toast(t("profile.imageSelected.title"), { description: t("profile.imageSelected.body") });
  }

  return (
    <section className="mt-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-line">
      <h2 className="text-lg font-semibold text-ink">{t("profile.edit")}</h2>
      <Form
        method="post"
        encType="multipart/form-data"
        className="mt-5 space-y-5"
        noValidate
        data-testid="profile-form"
      >
        <input type="hidden" name="intent" value="profile" />
        {failure?.formError ? <FormAlert>{failure.formError}</FormAlert> : null}

        <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
          {preview ? (
            <img
              src={preview}
              alt={t("profile.form.avatarPreview")}
              className="size-20 shrink-0 rounded-full object-cover ring-2 ring-brand-200"
              width={80}
              height={80}
            />
          ) : (
            <Avatar member={profile} size="size-20 shrink-0 text-3xl!" />
          )}
          <div className="min-w-0 flex-1">
            <label htmlFor="field-avatar" className="mb-1.5 block text-sm font-medium text-ink">
              {t("profile.form.avatar")}
            </label>
            <input
              id="field-avatar"
              name="avatar"
              type="file"
              accept="image/*"
              onChange={onAvatarChange}
              aria-invalid={shownAvatarError ? true : undefined}
              aria-describedby={shownAvatarError ? "field-avatar-error" : "field-avatar-hint"}
              className="block w-full text-sm text-muted file:me-3 file:cursor-pointer file:rounded-xl file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-brand-700 hover:file:bg-brand-100"
              data-testid="avatar-input"
            />
            {shownAvatarError ? (
              <p id="field-avatar-error" className="mt-1.5 text-sm text-red-600" role="alert">
                {shownAvatarError}
              </p>
            ) : (
              <p id="field-avatar-hint" className="mt-1.5 text-xs text-muted">
                {t("profile.form.avatarHint")}
              </p>
            )}
          </div>
        </div>

        <Field
          name="fullName"
          dir="auto"
          autoComplete="name"
          label={t("profile.form.fullName")}
          defaultValue={values?.fullName ?? profile.fullName}
          error={errors?.fullName}
          maxLength={100}
          required
        />
        <Field
          name="username"
          dir="ltr"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          label={t("profile.form.username")}
          hint={t("profile.form.usernameHint")}
          defaultValue={values?.username ?? profile.username ?? ""}
          error={errors?.username}
          maxLength={31}
        />
        <LocationSelect
          groups={locations}
          defaultValue={values?.location ?? profile.location ?? ""}
          error={errors?.location}
          t={t}
        />
        <Field
          name="phoneNumber"
          type="tel"
          inputMode="tel"
          dir="ltr"
          autoComplete="tel"
          label={t("profile.form.phone")}
          placeholder={t("profile.form.phonePlaceholder")}
          hint={t("profile.form.phoneHint")}
          defaultValue={values?.phoneNumber ?? profile.phone ?? ""}
          error={errors?.phoneNumber}
          maxLength={40}
        />

        <div className="flex flex-col-reverse gap-3 border-t border-line pt-5 sm:flex-row sm:justify-end">
          <Link to="/profile" className={buttonStyles.secondary} data-testid="cancel-edit">
            {t("profile.cancel")}
          </Link>
          <button type="submit" className={buttonStyles.primary} disabled={busy}>
            {busy ? t("profile.saving") : t("profile.save")}
          </button>
        </div>
      </Form>
    </section>
  );
}

function LocationSelect({
  groups,
  defaultValue,
  error,
  t,
}: {
  groups: LocationGroup[];
  defaultValue: string;
  error?: string;
  t: T;
}) {
  return (
    <div>
      <label htmlFor="field-location" className="mb-1.5 block text-sm font-medium text-ink">
        {t("profile.form.location")}
      </label>
      <select
        id="field-location"
        name="location"
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "field-location-error" : undefined}
        className={inputStyles}
      >
        <option value="">{t("profile.form.locationNone")}</option>
        <CityOptions groups={groups} />
      </select>
      {error ? (
        <p id="field-location-error" className="mt-1.5 text-sm text-red-600" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const TAB_ICONS = { listings: ListChecks, favorites: Heart, messages: MessageCircle } as const;

/** The member's listings (children, when there are any); favourites and messages are not built yet. */
function ActivityTabs({ tab, t, children }: { tab: Tab; t: T; children?: ReactNode }) {
  return (
    <section className="mt-8">
      <nav
        className="grid grid-cols-3 gap-1 rounded-xl bg-slate-100 p-1"
        aria-label={t("profile.tabs.label")}
      >
        {TABS.map((id) => {
          const Icon = TAB_ICONS[id];
          return (
            <Link
              key={id}
              to={`?tab=${id}`}
              replace
              preventScrollReset
              aria-current={tab === id ? "page" : undefined}
              data-testid={`profile-tab-${id}`}
              className={`flex items-center justify-center gap-2 rounded-lg px-2 py-2 text-center text-sm font-semibold transition ${
                tab === id ? "bg-white text-ink shadow-sm" : "text-muted hover:text-ink"
              }`}
            >
              <Icon className="hidden size-4 sm:block" aria-hidden />
              {t(`profile.tabs.${id}`)}
            </Link>
          );
        })}
      </nav>
      {children ? (
        <div className="mt-4" data-testid={`profile-panel-${tab}`}>
          {/* One boundary for every tab: a switch keeps the open tab until the next one's code is here. */}
          <Suspense fallback={null}>{children}</Suspense>
        </div>
      ) : (
        <div
          className="mt-4 rounded-2xl bg-white px-6 py-12 text-center shadow-sm ring-1 ring-line"
          data-testid={`profile-panel-${tab}`}
        >
          {tab === "listings" ? (
            <EmptyState
              icon={ListChecks}
              title={t("profile.listings.emptyTitle")}
              body={t("profile.listings.emptyBody")}
            >
              <Link to="/post-ad" className={buttonStyles.primary}>
                <Plus className="size-4" aria-hidden />
                {t("profile.listings.add")}
              </Link>
            </EmptyState>
          ) : tab === "favorites" ? (
            <EmptyState
              icon={Heart}
              title={t("profile.favorites.emptyTitle")}
              body={t("profile.favorites.emptyBody")}
            >
              <Link to="/" className={buttonStyles.primary}>
                <Search className="size-4" aria-hidden />
                {t("profile.favorites.browse")}
              </Link>
            </EmptyState>
          ) : (
            <EmptyState
              icon={MessageCircle}
              title={t("profile.messages.emptyTitle")}
              body={t("profile.messages.emptyBody")}
            >
              <Link to="/" className={buttonStyles.secondary}>
                <Search className="size-4" aria-hidden />
                {t("profile.messages.browse")}
              </Link>
            </EmptyState>
          )}
        </div>
      )}
    </section>
  );
}

function EmptyState({
  icon: Icon,
  title,
  body,
  children,
}: {
  icon: typeof Heart;
  title: string;
  body: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto flex max-w-sm flex-col items-center">
      <span className="rounded-full bg-brand-50 p-4 text-brand-600">
        <Icon className="size-7" aria-hidden />
      </span>
      <h3 className="mt-4 text-lg font-semibold text-ink">{title}</h3>
      <p className="mt-1 text-sm text-muted">{body}</p>
      <div className="mt-6">{children}</div>
    </div>
  );
}
