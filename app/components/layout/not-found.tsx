import { Link } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { Icon } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/react";

export function NotFound() {
  const { t } = useTranslation();
  return (
    <main
      id="main"
      className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center"
      data-testid="not-found"
    >
      <p className="text-7xl font-extrabold text-brand-600" dir="ltr">
        404
      </p>
      <h1 className="mt-6 text-2xl font-bold">{t("notFound.title")}</h1>
      <p className="mt-3 text-muted">{t("notFound.body")}</p>
      <Link to="/" className={`${buttonStyles.primary} mt-8`}>
        <Icon name="house" className="size-4" aria-hidden />
        {t("notFound.home")}
      </Link>
    </main>
  );
}
