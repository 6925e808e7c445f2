import { createElement, forwardRef, type SVGProps } from "react";

/*
 * Our own runtime for lucide's icons (vite.config.ts puts it in place of lucide-react's
 * createLucideIcon): lucide's drawings, but an <svg> with only a viewBox and the class "lucide";
 * stroke, fill, line caps and the default size are in app.css. lucide's runtime wrote nine
 * attributes and two classes into every icon, about 200 bytes of each page's HTML per icon, and
 * its React code read a context for sizes and colours we never set.
 */
type IconNode = [tag: string, attributes: Record<string, string>][];
type IconProps = SVGProps<SVGSVGElement>;

export default function createLucideIcon(
  data: { name?: string; node: IconNode } | string,
  legacyNode: IconNode = [],
) {
  const node = typeof data === "string" ? legacyNode : data.node;
  // biome-ignore lint/correctness/noComponentHookFactories: called once per icon module, as lucide's own factory
  const Icon = forwardRef<SVGSVGElement, IconProps>(({ className, children, ...rest }, ref) => {
    // Decorative unless labelled, as lucide does.
    const labelled =
      children !== undefined ||
      Object.keys(rest).some((name) => name.startsWith("aria-") || name === "role");
    return createElement(
      "svg",
      {
        ref,
        viewBox: "0 0 24 24",
        className: className ? `lucide ${className}` : "lucide",
        ...(labelled ? {} : { "aria-hidden": "true" }),
        ...rest,
      },
      ...node.map(([tag, attributes]) => createElement(tag, attributes)),
      children,
    );
  });
  if (typeof data !== "string" && data.name) Icon.displayName = data.name;
  return Icon;
}
