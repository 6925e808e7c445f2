import { Link } from "react-router";
import { useTranslation } from "~/i18n/react";

type AuthTab = "signin" | "signup" | "phone" | "phone-signup";

/** The sign-in page in one of its forms, keeping where to go afterwards. */
export function authHref(tab: AuthTab, redirectTo: string) {
  const params = new URLSearchParams();
  if (tab !== "signin") params.set("tab", tab);
  if (redirectTo) params.set("redirectTo", redirectTo);
  const query = params.toString();
  return query ? `/auth?${query}` : "/auth";
}

/**
 * Sign in | Sign up, keeping where to go afterwards and the way chosen: with a phone number, both
 * tabs stay on the phone's forms (decision 037).
 */
export function AuthTabs({ mode, redirectTo }: { mode: AuthTab; redirectTo: string }) {
  const { t } = useTranslation("auth");
  const byPhone = mode === "phone" || mode === "phone-signup";
  const current = mode === "signup" || mode === "phone-signup" ? "signup" : "signin";
  const hrefOf = (tab: "signin" | "signup") =>
    authHref(byPhone ? (tab === "signin" ? "phone" : "phone-signup") : tab, redirectTo);

  return (
    <nav className="mb-6 grid grid-cols-2 rounded-xl bg-slate-100 p-1" aria-label={t("welcome")}>
      {(["signin", "signup"] as const).map((tab) => (
        <Link
          key={tab}
          to={hrefOf(tab)}
          replace
          preventScrollReset
          aria-current={current === tab ? "page" : undefined}
          data-testid={`tab-${tab}`}
          className={`rounded-lg px-3 py-2 text-center text-sm font-semibold transition ${
            current === tab ? "bg-white text-ink shadow-sm" : "text-slate-700 hover:text-ink"
          }`}
        >
          {t(tab === "signin" ? "tabs.signIn" : "tabs.signUp")}
        </Link>
      ))}
    </nav>
  );
}
