import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("auth", "routes/auth.tsx"),
  route("auth/confirm", "routes/auth-confirm.tsx"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("logout", "routes/logout.tsx"),
  route("profile", "routes/profile.tsx"),
  route("settings", "routes/settings.tsx"),
  route("dev/mail", "routes/dev-mail.tsx"),
  route("dev/mail/:id", "routes/dev-mail-message.tsx"),
  route("about", "routes/about.tsx"),
  route("jobs", "routes/jobs.tsx"),
  route("safety-tips", "routes/safety-tips.tsx"),
  route("terms-conditions", "routes/terms-conditions.tsx"),
  route("post-ad", "routes/post-ad.tsx"),
  route("edit-listing/:id", "routes/edit-listing.tsx"),
  route("listing/:id", "routes/listing.tsx"),
  route("my-listings", "routes/my-listings.tsx"),
  route("api/listings/:id?", "routes/api.listings.ts"),
  route("api/listing-form", "routes/api.listing-form.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
