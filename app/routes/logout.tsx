import { redirect } from "react-router";
import { signOut } from "~/domain/accounts/sign-out.server";
import { flashCookie } from "~/utils/flash.server";
import type { Route } from "./+types/logout";

/** Signing out changes state, so it is a POST (a link cannot sign anyone out). */
export async function action({ request, context }: Route.ActionArgs) {
  const cookies = await signOut({ auth: context.auth, headers: request.headers });
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", flashCookie("signed-out"));
  return redirect("/auth", { headers });
}

export function loader() {
  return redirect("/");
}
