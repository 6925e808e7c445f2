import { Form, Link, useNavigation } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { Icon } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/react";
import type { SaveSearchView } from "~/views/discovery/save-search-view.server";

/**
 * "Save this search" on a results page: one button posting the page's query to /saved-searches
 * (a plain form, so it works without JavaScript; the action normalises and checks it). Like the
 * heart, it has no field to put a message under: a refusal is shown on /saved-searches, where
 * the member can act on it. A visitor gets a sign-in link that comes back here.
 */
export function SaveSearch({ view }: { view: SaveSearchView }) {
  const { t } = useTranslation("savedSearches");
  const navigation = useNavigation();
  if (view.query === null) return null;
  if (!view.signedIn) {
    return (
      <Link
        to={view.signInHref}
        className={`${buttonStyles.secondary} text-sm`}
        data-testid="save-search-sign-in"
      >
        <Icon name="bell-plus" className="size-4" aria-hidden="true" />
        {t("save.signIn")}
      </Link>
    );
  }
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  return (
    <Form method="post" action="/saved-searches" data-testid="save-search-form">
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="query" value={view.query} />
      <button
        type="submit"
        className={`${buttonStyles.secondary} text-sm`}
        title={t("save.hint")}
        disabled={busy}
        data-testid="save-search"
      >
        <Icon name="bell-plus" className="size-4" aria-hidden="true" />
        {busy ? t("save.saving") : t("save.button")}
      </button>
    </Form>
  );
}
