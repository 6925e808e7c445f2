import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("about", "routes/about.tsx"),
  route("jobs", "routes/jobs.tsx"),
  route("safety-tips", "routes/safety-tips.tsx"),
  route("terms-conditions", "routes/terms-conditions.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
