import { Icon } from "./icon";

/*
 * Simple marks for the social networks (lucide-react no longer ships brand icons), drawn on a
 * 24-unit grid with currentColor like the lucide icons around them. The drawings are symbols in
 * the cached icons file (app/components/ui/icons.svg) rather than in every page's HTML.
 */
type IconProps = { className?: string };

export function FacebookIcon({ className }: IconProps) {
  return <Icon name="facebook" className={className} />;
}

export function TwitterIcon({ className }: IconProps) {
  return <Icon name="twitter" className={className} />;
}

export function InstagramIcon({ className }: IconProps) {
  return <Icon name="instagram" className={className} />;
}

export function LinkedinIcon({ className }: IconProps) {
  return <Icon name="linkedin" className={className} />;
}
