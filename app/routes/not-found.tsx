import { data, redirect } from "react-router";
import { NotFound } from "~/components/layout/not-found";
import { getMember, signInUrl } from "~/domain/accounts/session.server";
import type { Route } from "./+types/not-found";

// Member-only paths of the spec's route table whose pages are not built yet: a signed-out visitor
// is still asked to sign in first (and comes back here after), as on every member page.
const MEMBER_ONLY = /^\/(favorites|messages(\/[^/]+)?)\/?$/;

/** Every path no other route claims: the 404 page, with HTTP status 404. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  if (MEMBER_ONLY.test(pathname)) {
    const member = await getMember({ auth: context.auth, db: context.db, request });
    if (!member) throw redirect(signInUrl(request));
  }
  throw data("Not found", { status: 404 });
}

export function action() {
  throw data("Not found", { status: 404 });
}

export default function NotFoundRoute() {
  return <NotFound />;
}
