import type { Route } from "./+types/robots[.]txt";

/** Pages that are private, per member, or not worth a crawler's time. */
const DISALLOWED = [
  "/auth",
  "/settings",
  "/profile",
  "/my-listings",
  "/post-ad",
  "/edit-listing/",
  "/api/",
  "/dev/",
  "/messages",
  "/favorites",
];

export function loader({ context }: Route.LoaderArgs) {
  const body = [
    "User-agent: *",
    "Allow: /",
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${context.env.PUBLIC_URL}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
