import { data } from "react-router";
import { NotFound } from "~/components/layout/not-found";

/** Every path no other route claims: the 404 page, with HTTP status 404. */
export function loader() {
  throw data("Not found", { status: 404 });
}

export function action() {
  throw data("Not found", { status: 404 });
}

export default function NotFoundRoute() {
  return <NotFound />;
}
