import { data, redirect, useNavigation } from "react-router";
import { AccountCard, LanguageCard } from "~/components/accounts/account-settings";
import {
  DeleteAccountCard,
  PasswordCard,
  SignOutAllCard,
} from "~/components/accounts/security-settings";
import { FormAlert } from "~/components/ui/field";
import { changePasswordSchema } from "~/domain/accounts/accounts-schemas";
import { changePassword } from "~/domain/accounts/change-password.server";
import { resendConfirmation } from "~/domain/accounts/confirm-email.server";
import { deleteAccount } from "~/domain/accounts/delete-account.server";
import { getProfile } from "~/domain/accounts/get-profile.server";
import { ensureProfile, requireMember } from "~/domain/accounts/session.server";
import { setPreferredLanguage } from "~/domain/accounts/set-preferred-language.server";
import { signOutEverywhere } from "~/domain/accounts/sign-out.server";
import { deleteAvatarFile } from "~/domain/accounts/update-profile.server";
import { isLang, languageCookieName } from "~/i18n/config";
import { bundlesFor, serverT } from "~/i18n/i18n.server";
import { useNamespace } from "~/i18n/react";
import { createLocalStorage } from "~/media/storage.server";
import {
  type FormFailure,
  failedAction,
  formValues,
  invalidForm,
} from "~/utils/action-error.server";
import { type FlashKey, flashCookie } from "~/utils/flash.server";
import { readFormData } from "~/utils/form-data.server";
import { pageMeta } from "~/utils/meta";
import type { Route } from "./+types/settings";

const ONE_YEAR_SECONDS = 31_536_000;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, auth, lang } = context;
  const member = await requireMember({ auth, db, request });
  const profile = await getProfile({ db, memberId: member.id, lang });
  const t = serverT(lang, "account");
  return {
    translations: bundlesFor(lang, ["account"]),
    email: profile.email,
    emailVerified: profile.emailVerified,
    preferredLanguage: profile.preferredLanguage,
    languageSaved: new URL(request.url).searchParams.get("saved") === "language",
    meta: { title: t("meta.settings"), description: t("meta.settingsDescription") },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, auth, mailer, env, lang } = context;
  const member = await requireMember({ auth, db, request });
  const form = await readFormData(request, lang);
  const intent = String(form.get("intent") ?? "");

  if (intent === "password") {
    const values = formValues(form, ["currentPassword", "password", "confirmPassword"]);
    const parsed = changePasswordSchema.safeParse(values);
    if (!parsed.success) return invalidForm(lang, parsed.error, {}, intent);
    try {
      const { preferredLanguage } = await getProfile({ db, memberId: member.id, lang });
      const cookies = await changePassword({
        db,
        auth,
        mailer,
        member,
        lang: preferredLanguage,
        headers: request.headers,
        input: { currentPassword: parsed.data.currentPassword, password: parsed.data.password },
        links: { publicUrl: env.PUBLIC_URL, supportEmail: env.SUPPORT_EMAIL },
        ip: context.clientIp,
      });
      return redirectWith("/settings", cookies, "password-updated");
    } catch (error) {
      return failedAction(lang, error, {}, intent);
    }
  }

  if (intent === "language") {
    const choice = form.get("language");
    if (!isLang(choice)) {
      const message = serverT(lang, "account")("settings.language.invalid");
      return data<FormFailure>(
        { ok: false, intent, fieldErrors: { language: message } },
        { status: 400 },
      );
    }
    await ensureProfile(db, member, choice);
    await setPreferredLanguage({ db, memberId: member.id, lang: choice });
    const secure = env.PUBLIC_URL.startsWith("https:") ? "; Secure" : "";
    const cookie = `${languageCookieName}=${choice}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure}`;
    return redirect(`/settings?lang=${choice}&saved=language`, {
      headers: { "Set-Cookie": cookie },
    });
  }

  if (intent === "signout-all") {
    const cookies = await signOutEverywhere({ db, auth, userId: member.id });
    return redirectWith("/auth", cookies, "signed-out-everywhere");
  }

  if (intent === "delete") {
    const values = formValues(form, ["password", "confirm"]);
    const fieldErrors: Record<string, string> = {};
    if (!values.password) fieldErrors.password = serverT(lang)("errors.required");
    if (values.confirm !== "yes")
      fieldErrors.confirm = serverT(lang, "account")("settings.deleteAccount.confirmRequired");
    if (Object.keys(fieldErrors).length > 0) {
      return data<FormFailure>({ ok: false, intent, fieldErrors }, { status: 400 });
    }
    try {
      // Read before the rows go: the avatar file is not in the database cascade.
      const { avatarKey } = await getProfile({ db, memberId: member.id, lang });
      const cookies = await deleteAccount({
        auth,
        db,
        storage: createLocalStorage(env.DATA_DIR),
        memberId: member.id,
        headers: request.headers,
        password: values.password,
        ip: context.clientIp,
      });
      await deleteAvatarFile({ dataDir: env.DATA_DIR, avatarKey });
      return redirectWith("/", cookies, "account-deleted");
    } catch (error) {
      return failedAction(lang, error, {}, intent);
    }
  }

  if (intent === "resend") {
    try {
      await resendConfirmation({ db, auth, email: member.email, ip: context.clientIp });
      return { ok: true as const, intent };
    } catch (error) {
      return failedAction(lang, error, {}, intent);
    }
  }

  return data<FormFailure>(
    { ok: false, formError: serverT(lang)("errors.UNEXPECTED") },
    { status: 400 },
  );
}

function redirectWith(to: string, cookies: string[], flash: FlashKey) {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", flashCookie(flash));
  return redirect(to, { headers });
}

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, args.loaderData?.meta),
  { name: "robots", content: "noindex" },
];

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useNamespace("account", loaderData.translations.account);
  const navigation = useNavigation();
  const busyIntent =
    navigation.state !== "idle" ? String(navigation.formData?.get("intent") ?? "") : "";
  const failure = actionData && !actionData.ok ? (actionData as FormFailure) : undefined;
  const failureFor = (intent: string) => (failure?.intent === intent ? failure : undefined);
  const resent = actionData?.ok === true && actionData.intent === "resend";

  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-2xl font-bold text-ink">{t("settings.title")}</h1>
      <p className="mt-1 text-sm text-muted">{t("settings.intro")}</p>
      {failure && !failure.intent && failure.formError ? (
        <div className="mt-4">
          <FormAlert>{failure.formError}</FormAlert>
        </div>
      ) : null}

      <div className="mt-6 space-y-6">
        <AccountCard
          email={loaderData.email}
          emailVerified={loaderData.emailVerified}
          resent={resent}
          failure={failureFor("resend")}
          busy={busyIntent === "resend"}
        />

        <PasswordCard failure={failureFor("password")} busy={busyIntent === "password"} />

        <LanguageCard
          current={loaderData.preferredLanguage}
          saved={loaderData.languageSaved}
          failure={failureFor("language")}
          busy={busyIntent === "language"}
        />

        <SignOutAllCard busy={busyIntent === "signout-all"} />

        <DeleteAccountCard failure={failureFor("delete")} busy={busyIntent === "delete"} />
      </div>
    </main>
  );
}
