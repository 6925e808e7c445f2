import { lazy, type ReactNode, Suspense, useState } from "react";
import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import {
  FacebookIcon,
  InstagramIcon,
  LinkedinIcon,
  TwitterIcon,
} from "~/components/ui/social-icons";
import { useTranslation } from "~/i18n/react";
import type { ComingSoon } from "./coming-soon-dialog";
import { Logo } from "./logo";

// The contact form is fetched at the first click (the link is a mailto: without JavaScript).
const ContactSupportDialog = lazy(() =>
  import("./contact-support-dialog").then((m) => ({ default: m.ContactSupportDialog })),
);

const ComingSoonDialog = lazy(() =>
  import("./coming-soon-dialog").then((m) => ({ default: m.ComingSoonDialog })),
);

export function Footer({ supportEmail, year }: { supportEmail: string; year: string }) {
  const { t } = useTranslation();
  const [contactOpen, setContactOpen] = useState(false);
  const [contactUsed, setContactUsed] = useState(false);
  const [comingSoon, setComingSoon] = useState<ComingSoon | null>(null);
  // Drawn at the first click: only JavaScript opens it.
  const [comingSoonUsed, setComingSoonUsed] = useState(false);
  const showComingSoon = (next: ComingSoon) => {
    setComingSoonUsed(true);
    setComingSoon(next);
  };
  const mailto = `mailto:${supportEmail}`;
  const openContact = (event: React.MouseEvent) => {
    event.preventDefault();
    setContactUsed(true);
    setContactOpen(true);
  };
  const linkClass = "text-sm text-slate-300 transition hover:text-white";
  const socials = [
    { key: "facebook", Icon: FacebookIcon },
    { key: "twitter", Icon: TwitterIcon },
    { key: "instagram", Icon: InstagramIcon },
    { key: "linkedin", Icon: LinkedinIcon },
  ] as const;

  return (
    <footer className="mt-16 bg-slate-900 text-slate-200" data-testid="site-footer">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-5">
        <div className="lg:col-span-1">
          <div className="inline-flex rounded-xl bg-white px-3 py-2">
            <Logo fromSprite />
          </div>
          <p className="mt-4 text-sm leading-relaxed text-slate-400">{t("footer.blurb")}</p>
        </div>
        <FooterColumn title={t("footer.aboutHeading")}>
          <Link to="/about" className={linkClass}>
            {t("footer.aboutUs")}
          </Link>
          <a href={mailto} onClick={openContact} className={linkClass}>
            {t("footer.contactUs")}
          </a>
          <Link to="/jobs" className={linkClass}>
            {t("footer.careers")}
          </Link>
        </FooterColumn>
        <FooterColumn title={t("footer.supportHeading")}>
          <a href={mailto} onClick={openContact} className={linkClass}>
            {t("footer.help")}
          </a>
          <Link to="/safety-tips" className={linkClass}>
            {t("footer.safetyTips")}
          </Link>
          <a
            href={mailto}
            onClick={openContact}
            className={linkClass}
            data-testid="contact-support-link"
          >
            {t("footer.contactSupport")}
          </a>
          <Link to="/terms-conditions" className={linkClass}>
            {t("footer.terms")}
          </Link>
        </FooterColumn>
        <FooterColumn title={t("footer.appsHeading")}>
          {/* Souqna installs from the browser: the steps for each (the page offers the browser's
              own prompt where there is one). */}
          <Link
            to="/install#ios"
            className={`${linkClass} inline-flex items-center gap-2`}
            data-testid="app-ios"
          >
            <Icon name="apple" className="size-4" />
            {t("footer.ios")}
          </Link>
          <Link
            to="/install#android"
            className={`${linkClass} inline-flex items-center gap-2`}
            data-testid="app-android"
          >
            <Icon name="smartphone" className="size-4" />
            {t("footer.android")}
          </Link>
        </FooterColumn>
        <FooterColumn title={t("footer.followHeading")}>
          <div className="flex gap-2">
            {socials.map(({ key, Icon }) => (
              <button
                key={key}
                type="button"
                aria-label={t(`footer.${key}`)}
                title={t(`footer.${key}`)}
                onClick={() => showComingSoon({ name: t(`footer.${key}`) })}
                className="rounded-full bg-slate-800 p-2.5 text-slate-300 transition hover:bg-brand-600 hover:text-white"
              >
                <Icon className="size-4" />
              </button>
            ))}
          </div>
        </FooterColumn>
      </div>
      <div className="border-t border-slate-800">
        <p
          className="mx-auto max-w-7xl px-4 py-5 text-center text-xs text-slate-400 sm:px-6"
          data-testid="copyright"
        >
          {t("footer.copyright", { year })}
        </p>
      </div>
      {contactUsed ? (
        <Suspense fallback={null}>
          <ContactSupportDialog
            open={contactOpen}
            onOpenChange={setContactOpen}
            supportEmail={supportEmail}
          />
        </Suspense>
      ) : null}
      {comingSoonUsed ? (
        <Suspense fallback={null}>
          <ComingSoonDialog comingSoon={comingSoon} onClose={() => setComingSoon(null)} />
        </Suspense>
      ) : null}
    </footer>
  );
}

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="text-sm font-semibold uppercase tracking-wide text-white rtl:normal-case">
        {title}
      </h2>
      <div className="mt-4 flex flex-col items-start gap-3">{children}</div>
    </div>
  );
}
