import { Suspense } from "react";
import { data, Link, redirect, useNavigation } from "react-router";
import { cardStyles } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { onDemand } from "~/components/ui/on-demand";
import {
  addEmailSchema,
  changePasswordSchema,
  deleteAccountSchema,
  deleteAccountWithoutPasswordSchema,
  languageSchema,
  noFieldsSchema,
  phoneCodeConfirmSchema,
  phoneCodeRequestSchema,
} from "~/domain/accounts/accounts-schemas";
import { addEmail } from "~/domain/accounts/add-email.server";
import { changePassword } from "~/domain/accounts/change-password.server";
import { resendConfirmation } from "~/domain/accounts/confirm-email.server";
import { deleteAccount } from "~/domain/accounts/delete-account.server";
import { getProfile } from "~/domain/accounts/get-profile.server";
import {
  confirmPhoneCode,
  pendingPhoneCode,
  requestPhoneCode,
  tellFormerHolders,
} from "~/domain/accounts/phone-codes.server";
import { ensureProfile, requireMember } from "~/domain/accounts/session.server";
import { setPreferredLanguage } from "~/domain/accounts/set-preferred-language.server";
import { signOutEverywhere } from "~/domain/accounts/sign-out.server";
import { deleteAvatarFile } from "~/domain/accounts/update-profile.server";
import {
  getNotificationSettings,
  saveNotificationSettings,
} from "~/domain/notifications/notification-preferences.server";
import { notificationSettingsSchema } from "~/domain/notifications/notification-schemas";
import { buyerNetwork } from "~/domain/sellers/buyer-network.server";
import { languageCookieName } from "~/i18n/config";
import { bundlesFor, serverT } from "~/i18n/i18n.server";
import { useNamespace } from "~/i18n/react";
import {
  dataSaverCookie,
  dataSaverCookieIsOn,
  dataSaverSchema,
  wantsDataSaver,
} from "~/utils/data-saver";
import { failedForm, invalidForm, parseForm, withActionHeaders } from "~/utils/form.server";
import { readFormData } from "~/utils/form-data.server";
import { noindexPageMeta } from "~/utils/meta";
import type { RouteHandle } from "~/utils/route-handle";
import { isUndeliverableAddress } from "~/utils/undeliverable-address";
import { phoneCardView } from "~/views/accounts/phone-card-view.server";
import { unreadDelayText } from "~/views/accounts/unread-delay.server";
import type { Route } from "./+types/settings";

export const handle: RouteHandle = { personal: true, writes: "own" };

// The cards and their forms (with Conform) are fetched after the page is drawn; the server draws
// them in place, and until their code arrives they are plain forms the action answers. Each card
// picks its form's reply from the action data itself, so the page's own code stays small.
const accountCards = () => import("~/components/accounts/account-settings");
const securityCards = () => import("~/components/accounts/security-settings");
const AccountCard = onDemand(() => accountCards().then((m) => m.AccountCard), { prefetch: true });
const LanguageCard = onDemand(() => accountCards().then((m) => m.LanguageCard), {
  prefetch: true,
});
const PasswordCard = onDemand(() => securityCards().then((m) => m.PasswordCard), {
  prefetch: true,
});
const SignOutAllCard = onDemand(() => securityCards().then((m) => m.SignOutAllCard), {
  prefetch: true,
});
const NotificationsCard = onDemand(
  () => import("~/components/accounts/notification-settings").then((m) => m.NotificationsCard),
  { prefetch: true },
);
const DataSaverCard = onDemand(
  () => import("~/components/accounts/data-saver-settings").then((m) => m.DataSaverCard),
  { prefetch: true },
);
const PhoneCard = onDemand(
  () => import("~/components/accounts/phone-settings").then((m) => m.PhoneCard),
  { prefetch: true },
);
const DeleteAccountCard = onDemand(() => securityCards().then((m) => m.DeleteAccountCard), {
  prefetch: true,
});

const ONE_YEAR_SECONDS = 31_536_000;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, auth, lang, env } = context;
  const member = await requireMember({ auth, db, request });
  const profile = await getProfile({ db, memberId: member.id, lang });
  const notifications = await getNotificationSettings(db, member);
  const pending = await pendingPhoneCode({ db, memberId: member.id });
  const t = serverT(lang, "account");
  const saved = new URL(request.url).searchParams.get("saved");
  return {
    translations: bundlesFor(lang, ["account"]),
    // A phone-only account's placeholder is never shown: it has no e-mail yet (decision 037).
    email: isUndeliverableAddress(profile.email) ? null : profile.email,
    emailVerified: profile.emailVerified,
    hasPassword: profile.hasPassword,
    preferredLanguage: profile.preferredLanguage,
    phone: phoneCardView(lang, profile, pending, new URL(request.url).searchParams.get("phone")),
    languageSaved: saved === "language",
    notificationsSaved: saved === "notifications",
    notifications,
    unreadDelay: unreadDelayText(lang, env.NOTIFY_UNREAD_AFTER_SECONDS),
    dataSaver: {
      on: dataSaverCookieIsOn(request.headers.get("cookie")),
      browser: wantsDataSaver(request.headers.get("save-data"), null),
      saved: saved === "data-saver",
    },
    meta: { title: t("meta.settings"), description: t("meta.settingsDescription") },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, auth, jobs, env, lang } = context;
  const member = await requireMember({ auth, db, request });
  const form = await readFormData(request, lang);
  const intent = String(form.get("intent") ?? "");

  if (intent === "password") {
    const submission = parseForm(lang, form, changePasswordSchema);
    if (submission.status !== "success") return invalidForm(submission);
    try {
      const { preferredLanguage } = await getProfile({ db, memberId: member.id, lang });
      const cookies = await changePassword({
        db,
        auth,
        jobs,
        member,
        lang: preferredLanguage,
        headers: request.headers,
        input: {
          currentPassword: submission.value.currentPassword,
          password: submission.value.password,
        },
        ip: context.clientIp,
      });
      return context.flash.redirect("/settings", "password-updated", cookies);
    } catch (error) {
      return failedForm(lang, submission, error);
    }
  }

  if (intent === "language") {
    const submission = parseForm(lang, form, languageSchema);
    if (submission.status !== "success") return invalidForm(submission);
    const choice = submission.value.language;
    await ensureProfile(db, member, choice);
    await setPreferredLanguage({ db, memberId: member.id, lang: choice });
    const secure = env.PUBLIC_URL.startsWith("https:") ? "; Secure" : "";
    const cookie = `${languageCookieName}=${choice}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure}`;
    return redirect(`/settings?lang=${choice}&saved=language`, {
      headers: { "Set-Cookie": cookie },
    });
  }

  if (intent === "notifications") {
    const submission = parseForm(lang, form, notificationSettingsSchema);
    if (submission.status !== "success") return invalidForm(submission);
    const choice = submission.value;
    await saveNotificationSettings(db, member, {
      messages: { email: choice.messagesEmail, push: choice.messagesPush },
      alerts: { email: choice.alertsEmail, push: choice.alertsPush },
      favorites: { email: choice.favoritesEmail, push: choice.favoritesPush },
    });
    return redirect("/settings?saved=notifications#notifications");
  }

  if (intent === "data-saver") {
    const submission = parseForm(lang, form, dataSaverSchema);
    if (submission.status !== "success") return invalidForm(submission);
    const cookie = dataSaverCookie(submission.value.dataSaver, env.PUBLIC_URL.startsWith("https:"));
    return redirect("/settings?saved=data-saver", {
      headers: { "Set-Cookie": cookie },
    });
  }

  if (intent === "phone-send" || intent === "phone-resend") {
    const submission = parseForm(lang, form, phoneCodeRequestSchema);
    if (submission.status !== "success") return invalidForm(submission);
    try {
      await ensureProfile(db, member, lang);
      await requestPhoneCode({
        db,
        jobs,
        memberId: member.id,
        phone: submission.value.phone,
        lang,
        network: buyerNetwork(context.clientIp, context.links) ?? "none",
        settings: { countries: env.SMS_COUNTRIES, perCountryPerHour: env.SMS_PER_COUNTRY_PER_HOUR },
      });
      return redirect("/settings#phone");
    } catch (error) {
      return failedForm(lang, submission, error);
    }
  }

  if (intent === "phone-confirm") {
    const submission = parseForm(lang, form, phoneCodeConfirmSchema);
    if (submission.status !== "success") return invalidForm(submission);
    try {
      const confirmed = await confirmPhoneCode({
        db,
        memberId: member.id,
        phone: submission.value.phone,
        code: submission.value.code,
      });
      await tellFormerHolders({
        db,
        jobs,
        publicUrl: env.PUBLIC_URL,
        phone: confirmed.phone,
        memberIds: confirmed.takenFrom,
      });
      return context.flash.redirect("/settings#phone", "phone-verified");
    } catch (error) {
      return failedForm(lang, submission, error);
    }
  }

  if (intent === "email-add") {
    const submission = parseForm(lang, form, addEmailSchema);
    if (submission.status !== "success") return invalidForm(submission);
    try {
      const cookies = await addEmail({
        auth,
        db,
        member,
        email: submission.value.email,
        ip: context.clientIp,
        headers: request.headers,
      });
      return context.flash.redirect("/settings", "email-added", cookies);
    } catch (error) {
      return failedForm(lang, submission, error);
    }
  }

  if (intent === "signout-all") {
    const submission = parseForm(lang, form, noFieldsSchema);
    try {
      const cookies = await signOutEverywhere({ db, auth, userId: member.id });
      return context.flash.redirect("/auth", "signed-out-everywhere", cookies);
    } catch (error) {
      return failedForm(lang, submission, error);
    }
  }

  if (intent === "delete") {
    // Read before the rows go: the avatar file is not in the database cascade. Whether the
    // account has a password decides the form (decision 037): the server's answer, not the form's.
    const { avatarKey, hasPassword } = await getProfile({ db, memberId: member.id, lang });
    const submission = parseForm(
      lang,
      form,
      hasPassword ? deleteAccountSchema : deleteAccountWithoutPasswordSchema,
    );
    if (submission.status !== "success") return invalidForm(submission);
    try {
      const cookies = await deleteAccount({
        auth,
        db,
        storage: context.storage,
        memberId: member.id,
        headers: request.headers,
        password:
          "password" in submission.value && typeof submission.value.password === "string"
            ? submission.value.password
            : "",
        ip: context.clientIp,
      });
      await deleteAvatarFile({ dataDir: env.DATA_DIR, avatarKey });
      return context.flash.redirect("/", "account-deleted", cookies);
    } catch (error) {
      return failedForm(lang, submission, error);
    }
  }

  if (intent === "resend") {
    const submission = parseForm(lang, form, noFieldsSchema);
    try {
      await resendConfirmation({ db, auth, email: member.email, ip: context.clientIp });
      return submission.reply();
    } catch (error) {
      return failedForm(lang, submission, error);
    }
  }

  throw data(null, { status: 400 });
}

export const headers: Route.HeadersFunction = withActionHeaders;

export const meta: Route.MetaFunction = noindexPageMeta;

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useNamespace("account", loaderData.translations.account);
  const navigation = useNavigation();
  const busyIntent =
    navigation.state !== "idle" ? String(navigation.formData?.get("intent") ?? "") : "";

  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-2xl font-bold text-ink">{t("settings.title")}</h1>
      <p className="mt-1 text-sm text-muted">{t("settings.intro")}</p>

      <div className="mt-6 space-y-6">
        <Link
          to="/settings/business"
          className={`${cardStyles} flex items-center gap-3 p-5 hover:bg-slate-50`}
          data-testid="business-link"
        >
          <Icon name="briefcase" className="size-5 shrink-0 text-brand-700" aria-hidden />
          <span className="min-w-0">
            <span className="block font-semibold text-ink">{t("business.link")}</span>
            <span className="block text-sm text-muted">{t("business.linkHint")}</span>
          </span>
          <Icon
            name="chevron-right"
            className="ms-auto size-4 text-muted rtl:-scale-x-100"
            aria-hidden
          />
        </Link>
        <Suspense>
          <AccountCard
            email={loaderData.email}
            emailVerified={loaderData.emailVerified}
            actionData={actionData}
            busy={busyIntent === "resend" || busyIntent === "email-add"}
          />

          <PhoneCard
            phone={loaderData.phone}
            actionData={actionData}
            busyIntent={busyIntent.startsWith("phone-") ? busyIntent : ""}
          />

          <PasswordCard actionData={actionData} busy={busyIntent === "password"} />

          <LanguageCard
            current={loaderData.preferredLanguage}
            saved={loaderData.languageSaved}
            actionData={actionData}
            busy={busyIntent === "language"}
          />

          <NotificationsCard
            settings={loaderData.notifications}
            unreadDelay={loaderData.unreadDelay}
            saved={loaderData.notificationsSaved}
            actionData={actionData}
            busy={busyIntent === "notifications"}
          />

          <DataSaverCard
            on={loaderData.dataSaver.on}
            browser={loaderData.dataSaver.browser}
            saved={loaderData.dataSaver.saved}
            actionData={actionData}
            busy={busyIntent === "data-saver"}
          />

          <SignOutAllCard actionData={actionData} busy={busyIntent === "signout-all"} />

          <DeleteAccountCard
            actionData={actionData}
            busy={busyIntent === "delete"}
            hasPassword={loaderData.hasPassword}
          />
        </Suspense>
      </div>
    </main>
  );
}
