import { SpriteIcon } from "./sprite-icon";

/*
 * Simple marks for the social networks (lucide-react no longer ships brand icons), drawn on a
 * 24-unit grid with currentColor like the lucide icons around them. The drawings are symbols in
 * the cached icons file (app/components/ui/icons.svg) rather than in every page's HTML.
 */
type IconProps = { className?: string };

export function FacebookIcon({ className }: IconProps) {
  return <SpriteIcon name="facebook" className={className} />;
}

export function TwitterIcon({ className }: IconProps) {
  return <SpriteIcon name="twitter" className={className} />;
}

export function InstagramIcon({ className }: IconProps) {
  return <SpriteIcon name="instagram" className={className} />;
}

export function LinkedinIcon({ className }: IconProps) {
  return <SpriteIcon name="linkedin" className={className} />;
}
