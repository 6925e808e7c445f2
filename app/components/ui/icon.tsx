import type { SVGProps } from "react";
import type { IconName } from "./icon-names";
import spriteUrl from "./icons.svg?no-inline";

export type { IconName } from "./icon-names";

/**
 * Every icon of the site: a reference into the one cached icons file (icons.svg), so neither the
 * page's HTML nor its JavaScript carries drawings. The look (stroke, size 1.5rem unless a size
 * utility says otherwise, no fill unless a `fill` is given, as the saved heart) is `svg.icon` in
 * app.css. Decorative (hidden from screen readers) unless it is given a label or a role.
 */
export function Icon({
  name,
  className,
  children,
  ...rest
}: { name: IconName } & Omit<SVGProps<SVGSVGElement>, "name">) {
  const labelled =
    children !== undefined ||
    Object.keys(rest).some((key) => key.startsWith("aria-") || key === "role");
  return (
    <svg
      className={className ? `icon ${className}` : "icon"}
      aria-hidden={labelled ? undefined : "true"}
      {...rest}
    >
      {children}
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  );
}
