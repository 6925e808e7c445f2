import { Heart, ListChecks, LogOut, Settings, UserRound } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useLocation } from "react-router";

export interface MemberSummary {
  name: string;
  email: string;
  avatarUrl: string | null;
  initial: string;
  emailVerified: boolean;
}

/**
 * The signed-in member's menu. A <details> element, so it opens without JavaScript; with
 * JavaScript it also closes on navigation, Escape and outside clicks.
 */
export function MemberMenu({ member }: { member: MemberSummary }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: close whenever the page changes
  useEffect(() => {
    ref.current?.removeAttribute("open");
  }, [location.key]);

  useEffect(() => {
    const close = (event: Event) => {
      const details = ref.current;
      if (!details?.open) return;
      if (
        event instanceof KeyboardEvent
          ? event.key === "Escape"
          : !details.contains(event.target as Node)
      ) {
        details.removeAttribute("open");
      }
    };
    document.addEventListener("click", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("click", close);
      document.removeEventListener("keydown", close);
    };
  }, []);

  const item = "flex items-center gap-3 px-4 py-2.5 text-sm text-ink hover:bg-slate-50";
  return (
    <details ref={ref} className="relative" data-testid="member-menu">
      <summary
        className="flex cursor-pointer list-none items-center rounded-full p-0.5 ring-brand-500 hover:ring-2 [&::-webkit-details-marker]:hidden"
        aria-label={t("memberMenu.open")}
      >
        <Avatar member={member} />
      </summary>
      <div className="absolute end-0 z-40 mt-2 w-56 overflow-hidden rounded-xl bg-white py-1 shadow-lg ring-1 ring-line">
        <div className="border-b border-line px-4 py-2.5">
          <p className="truncate text-sm font-semibold" dir="auto">
            {member.name}
          </p>
          <p className="truncate text-xs text-muted" dir="ltr">
            {member.email}
          </p>
        </div>
        <Link to="/profile" className={item}>
          <UserRound className="size-4 text-muted" aria-hidden />
          {t("memberMenu.profile")}
        </Link>
        <Link to="/my-listings" className={item}>
          <ListChecks className="size-4 text-muted" aria-hidden />
          {t("memberMenu.listings")}
        </Link>
        <Link to="/favorites" className={item}>
          <Heart className="size-4 text-muted" aria-hidden />
          {t("memberMenu.favorites")}
        </Link>
        <Link to="/settings" className={item}>
          <Settings className="size-4 text-muted" aria-hidden />
          {t("memberMenu.settings")}
        </Link>
        <Form method="post" action="/logout" className="border-t border-line">
          <button type="submit" className={`${item} w-full text-red-700`} data-testid="logout">
            <LogOut className="size-4 rtl:-scale-x-100" aria-hidden />
            {t("memberMenu.logout")}
          </button>
        </Form>
      </div>
    </details>
  );
}

export function Avatar({
  member,
  size = "size-9",
}: {
  member: Pick<MemberSummary, "avatarUrl" | "initial">;
  size?: string;
}) {
  if (member.avatarUrl) {
    return (
      <img
        src={member.avatarUrl}
        alt=""
        className={`${size} rounded-full object-cover`}
        width={36}
        height={36}
      />
    );
  }
  return (
    <span
      className={`${size} flex items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white`}
      aria-hidden
    >
      {member.initial}
    </span>
  );
}
