import { redirect } from "react-router";
import { signOut } from "~/domain/accounts/sign-out.server";
import type { RouteHandle } from "~/utils/route-handle";
import type { Route } from "./+types/logout";

export const handle: RouteHandle = { personal: true, writes: "own" };

/** Signing out changes state, so it is a POST (a link cannot sign anyone out). */
export async function action({ request, context }: Route.ActionArgs) {
  const cookies = await signOut({ auth: context.auth, headers: request.headers });
  return context.flash.redirect("/auth", "signed-out", cookies);
}

export function loader() {
  return redirect("/");
}
