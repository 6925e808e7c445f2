import {
  BadgeCheck,
  Globe,
  KeyRound,
  LogOut,
  Mail,
  MailWarning,
  Trash2,
  UserRound,
} from "lucide-react";
import type { ReactNode } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { FormAlert, PasswordField } from "~/components/ui/field";
import { changePasswordSchema } from "~/domain/accounts/accounts-schemas";
import { changePassword } from "~/domain/accounts/change-password.server";
import { resendConfirmation } from "~/domain/accounts/confirm-email.server";
import { deleteAccount } from "~/domain/accounts/delete-account.server";
import { getProfile } from "~/domain/accounts/get-profile.server";
import { ensureProfile, requireMember } from "~/domain/accounts/session.server";
import { setPreferredLanguage } from "~/domain/accounts/set-preferred-language.server";
import { signOutEverywhere } from "~/domain/accounts/sign-out.server";
import { deleteAvatarFile } from "~/domain/accounts/update-profile.server";
import { isLang, type Lang, languageCookieName } from "~/i18n/config";
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

type T = (key: string, options?: Record<string, unknown>) => string;

const dangerButton =
  "inline-flex items-center justify-center gap-2 rounded-xl bg-red-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm transition hover:bg-red-700 disabled:cursor-not-allowed disabled:opacity-60";

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
        <Card
          icon={<UserRound className="size-5" aria-hidden />}
          title={t("settings.account.title")}
          testId="settings-account"
        >
          <dl>
            <dt className="text-sm text-muted">{t("settings.account.email")}</dt>
            <dd className="mt-1 flex flex-wrap items-center gap-2">
              <span className="break-all font-medium text-ink" dir="ltr">
                {loaderData.email}
              </span>
              {loaderData.emailVerified ? (
                <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-700 ring-1 ring-brand-200">
                  <BadgeCheck className="size-3.5" aria-hidden />
                  {t("settings.account.confirmed")}
                </span>
              ) : (
                <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-800 ring-1 ring-amber-200">
                  <MailWarning className="size-3.5" aria-hidden />
                  {t("settings.account.unconfirmed")}
                </span>
              )}
            </dd>
          </dl>
          {loaderData.emailVerified ? null : resent ? (
            <FormAlert tone="success" title={t("unconfirmed.sentTitle")}>
              {t("unconfirmed.sentBody")}
            </FormAlert>
          ) : (
            <Form method="post" className="space-y-3">
              <input type="hidden" name="intent" value="resend" />
              {failureFor("resend")?.formError ? (
                <FormAlert>{failureFor("resend")?.formError}</FormAlert>
              ) : null}
              <button
                type="submit"
                className={buttonStyles.secondary}
                disabled={busyIntent === "resend"}
              >
                <Mail className="size-4" aria-hidden />
                {busyIntent === "resend" ? t("unconfirmed.resending") : t("unconfirmed.resend")}
              </button>
            </Form>
          )}
          <Link
            to="/profile?edit=1"
            className="inline-block text-sm font-medium text-brand-700 hover:underline"
          >
            {t("settings.account.editProfile")}
          </Link>
        </Card>

        <PasswordCard failure={failureFor("password")} busy={busyIntent === "password"} t={t} />

        <LanguageCard
          current={loaderData.preferredLanguage}
          saved={loaderData.languageSaved}
          failure={failureFor("language")}
          busy={busyIntent === "language"}
          t={t}
        />

        <Card
          icon={<LogOut className="size-5 rtl:-scale-x-100" aria-hidden />}
          title={t("settings.signOutAll.title")}
          testId="settings-signout-all"
        >
          <p className="text-sm text-muted">{t("settings.signOutAll.body")}</p>
          <Form method="post">
            <input type="hidden" name="intent" value="signout-all" />
            <button
              type="submit"
              className={buttonStyles.secondary}
              disabled={busyIntent === "signout-all"}
            >
              {busyIntent === "signout-all"
                ? t("settings.signOutAll.submitting")
                : t("settings.signOutAll.submit")}
            </button>
          </Form>
        </Card>

        <DeleteAccountCard failure={failureFor("delete")} busy={busyIntent === "delete"} t={t} />
      </div>
    </main>
  );
}

function Card({
  icon,
  title,
  tone = "default",
  testId,
  children,
}: {
  icon: ReactNode;
  title: string;
  tone?: "default" | "danger";
  testId?: string;
  children: ReactNode;
}) {
  const ring = tone === "danger" ? "ring-red-200" : "ring-line";
  const iconTone = tone === "danger" ? "bg-red-50 text-red-600" : "bg-brand-50 text-brand-700";
  return (
    <section className={`rounded-2xl bg-white p-6 shadow-sm ring-1 ${ring}`} data-testid={testId}>
      <div className="flex items-center gap-3">
        <span className={`rounded-xl p-2 ${iconTone}`}>{icon}</span>
        <h2 className="text-lg font-semibold text-ink">{title}</h2>
      </div>
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  );
}

function PasswordCard({ failure, busy, t }: { failure?: FormFailure; busy: boolean; t: T }) {
  return (
    <Card
      icon={<KeyRound className="size-5" aria-hidden />}
      title={t("settings.password.title")}
      testId="settings-password"
    >
      <p className="text-sm text-muted">{t("settings.password.body")}</p>
      <Form method="post" className="space-y-4" noValidate data-testid="password-form">
        <input type="hidden" name="intent" value="password" />
        {failure?.formError ? <FormAlert>{failure.formError}</FormAlert> : null}
        <PasswordField
          name="currentPassword"
          autoComplete="current-password"
          label={t("settings.password.current")}
          error={failure?.fieldErrors?.currentPassword}
        />
        <PasswordField
          name="password"
          autoComplete="new-password"
          label={t("settings.password.new")}
          hint={t("settings.password.hint")}
          error={failure?.fieldErrors?.password}
          minLength={8}
        />
        <PasswordField
          name="confirmPassword"
          autoComplete="new-password"
          label={t("settings.password.confirm")}
          error={failure?.fieldErrors?.confirmPassword}
        />
        <button type="submit" className={buttonStyles.primary} disabled={busy}>
          {busy ? t("settings.password.submitting") : t("settings.password.submit")}
        </button>
      </Form>
    </Card>
  );
}

function LanguageCard({
  current,
  saved,
  failure,
  busy,
  t,
}: {
  current: Lang;
  saved: boolean;
  failure?: FormFailure;
  busy: boolean;
  t: T;
}) {
  const options = [
    { value: "en", label: t("settings.language.english"), lang: "en", dir: "ltr" },
    { value: "ar", label: t("settings.language.arabic"), lang: "ar", dir: "rtl" },
  ] as const;
  const error = failure?.fieldErrors?.language;
  return (
    <Card
      icon={<Globe className="size-5" aria-hidden />}
      title={t("settings.language.title")}
      testId="settings-language"
    >
      {saved ? (
        <FormAlert tone="success" title={t("settings.language.savedTitle")}>
          {t("settings.language.savedBody")}
        </FormAlert>
      ) : null}
      <Form method="post" className="space-y-4" data-testid="language-form">
        <input type="hidden" name="intent" value="language" />
        <fieldset aria-describedby={error ? "language-error" : undefined}>
          <legend className="text-sm text-muted">{t("settings.language.body")}</legend>
          <div className="mt-3 grid grid-cols-2 gap-3">
            {options.map((option) => (
              <label
                key={option.value}
                className="flex cursor-pointer items-center gap-3 rounded-xl border border-line px-4 py-3 text-sm font-medium text-ink transition hover:bg-slate-50 has-checked:border-brand-500 has-checked:bg-brand-50 has-checked:ring-1 has-checked:ring-brand-500"
              >
                <input
                  type="radio"
                  name="language"
                  value={option.value}
                  defaultChecked={current === option.value}
                  className="size-4 accent-brand-600"
                />
                <span lang={option.lang} dir={option.dir}>
                  {option.label}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        {error ? (
          <p id="language-error" className="text-sm text-red-600" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className={buttonStyles.primary} disabled={busy}>
          {busy ? t("settings.language.saving") : t("settings.language.submit")}
        </button>
      </Form>
    </Card>
  );
}

function DeleteAccountCard({ failure, busy, t }: { failure?: FormFailure; busy: boolean; t: T }) {
  const confirmError = failure?.fieldErrors?.confirm;
  return (
    <Card
      icon={<Trash2 className="size-5" aria-hidden />}
      title={t("settings.deleteAccount.title")}
      tone="danger"
      testId="settings-delete"
    >
      <div className="text-sm text-ink">
        <p>{t("settings.deleteAccount.body")}</p>
        <ul className="mt-2 list-disc space-y-1 ps-5 text-muted">
          <li>{t("settings.deleteAccount.listings")}</li>
          <li>{t("settings.deleteAccount.favorites")}</li>
          <li>{t("settings.deleteAccount.profile")}</li>
        </ul>
        <p className="mt-3 text-muted">{t("settings.deleteAccount.conversations")}</p>
      </div>
      <Form method="post" className="space-y-4" noValidate data-testid="delete-form">
        <input type="hidden" name="intent" value="delete" />
        {failure?.formError ? <FormAlert>{failure.formError}</FormAlert> : null}
        <PasswordField
          name="password"
          id="delete-password"
          autoComplete="current-password"
          label={t("settings.deleteAccount.password")}
          hint={t("settings.deleteAccount.passwordHint")}
          error={failure?.fieldErrors?.password}
        />
        <div>
          <label className="flex items-start gap-3 text-sm font-medium text-ink">
            <input
              type="checkbox"
              name="confirm"
              value="yes"
              required
              aria-invalid={confirmError ? true : undefined}
              aria-describedby={confirmError ? "delete-confirm-error" : undefined}
              className="mt-0.5 size-4 shrink-0 accent-red-600"
            />
            <span>{t("settings.deleteAccount.confirm")}</span>
          </label>
          {confirmError ? (
            <p id="delete-confirm-error" className="mt-1.5 text-sm text-red-600" role="alert">
              {confirmError}
            </p>
          ) : null}
        </div>
        <button type="submit" className={dangerButton} disabled={busy}>
          <Trash2 className="size-4" aria-hidden />
          {busy ? t("settings.deleteAccount.submitting") : t("settings.deleteAccount.submit")}
        </button>
      </Form>
    </Card>
  );
}
