import type { Lang } from "./config";
import { serverT } from "./i18n.server";
import type { TFunction } from "./keys";
import { useTranslation } from "./react";

/*
 * Type-level tests, run by `npm run typecheck` (tsc): each `@ts-expect-error` fails the check
 * when the line below it compiles, so `t` losing its key or interpolation types breaks the build.
 * Nothing here runs.
 */

export function components(t: TFunction<"favorites">, tc: TFunction<"common">) {
  t("button.add");
  t("page.pageOf", { page: 2, count: 5 });
  t("page.count", { count: 3, formatted: "3" });
  tc("errors.fieldRequired", { label: "Title" });

  // @ts-expect-error -- a key that is not in the catalog
  t("button.addd");
  // @ts-expect-error -- a key of another namespace
  t("header.login");
  // @ts-expect-error -- {{page}} of "Page {{page}} of {{count}}" is missing
  t("page.pageOf", { count: 5 });
  // @ts-expect-error -- a text with {{values}} called without options
  tc("errors.fieldRequired");
  // @ts-expect-error -- a plural needs its numeric count
  t("page.count", { formatted: "3" });
  // @ts-expect-error -- a plural's form is reached through its key and count
  t("page.count_one", { count: 1, formatted: "1" });
}

export function dynamicKeys(
  t: TFunction<"listings">,
  status: "sold" | "inactive",
  unknown: "sold" | "active",
  other: string,
) {
  // A key built from a union is checked key by key.
  t(`detail.status.${status}`);
  // @ts-expect-error -- there is no detail.status.active
  t(`detail.status.${unknown}`);
  // @ts-expect-error -- a key built from any string could be anything
  t(`detail.status.${other}`);
}

export function namespaces(t: TFunction<"discovery">): TFunction<"listings"> {
  // @ts-expect-error -- a t of one namespace where another's is expected
  return t;
}

// The two ways to get a t: useTranslation in a component, serverT on the server.
export function Component() {
  const { t } = useTranslation("discovery");
  t("results.found", { count: 2, formatted: "2" });
  // @ts-expect-error -- {{formatted}} is missing
  t("results.found", { count: 2 });
  // @ts-expect-error -- not a key of discovery
  return t("results.lost");
}

export function server(lang: Lang) {
  const t = serverT(lang, "mail");
  t("greeting", { name: "Rana" });
  // @ts-expect-error -- {{name}} is missing
  t("greeting", {});
  const tc = serverT(lang);
  // @ts-expect-error -- serverT's default namespace is common: no mail keys
  tc("greeting", { name: "Rana" });
}
