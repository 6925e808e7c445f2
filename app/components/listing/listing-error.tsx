import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { Icon } from "~/components/ui/icon";

/** The texts a listing route throws, already translated on the server. */
export interface ListingErrorData {
  title: string;
  message: string;
  home: string;
}

/**
 * A listing route's error boundary: "Listing Not Found", "Invalid listing ID" or "Unauthorized"
 * with the texts the loader threw; anything else goes up to the root's error screen.
 */
export function ListingErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || typeof error.data !== "object" || !error.data) throw error;
  const body = error.data as ListingErrorData;
  const icon = error.status === 403 ? "shield-exclamation-point" : "search-x";
  return (
    <main
      id="main"
      className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center"
      data-testid="listing-error"
    >
      <span className="rounded-full bg-brand-50 p-4 text-brand-600">
        <Icon name={icon} className="size-8" aria-hidden />
      </span>
      <h1 className="mt-6 text-2xl font-bold">{body.title}</h1>
      <p className="mt-3 text-muted">{body.message}</p>
      <Link to="/" className={`${buttonStyles.primary} mt-8`}>
        <Icon name="house" className="size-4" aria-hidden />
        {body.home}
      </Link>
    </main>
  );
}
