/**
 * Shared classes so links and buttons that look alike stay alike. The utility lists are in
 * app.css (`@layer components`): pages draw dozens of buttons, and the lists were repeated in
 * every page's HTML. A utility added next to one (w-full, px-3…) wins over it.
 */
export const buttonStyles = {
  primary: "btn-primary",
  accent: "btn-accent",
  secondary: "btn-secondary",
  ghost: "btn-ghost",
} as const;

export const inputStyles = "field-input";
