import spriteUrl from "~/components/ui/icons.svg?no-inline";

/*
 * Simple marks for the social networks (lucide-react no longer ships brand icons), drawn on a
 * 24-unit grid with currentColor like the lucide icons around them. The drawings are symbols in
 * the cached icons file (app/components/ui/icons.svg) rather than in every page's HTML.
 */
type IconProps = { className?: string };

function SocialIcon({ name, className }: IconProps & { name: string }) {
  return (
    <svg className={className} aria-hidden="true">
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  );
}

export function FacebookIcon({ className }: IconProps) {
  return <SocialIcon name="facebook" className={className} />;
}

export function TwitterIcon({ className }: IconProps) {
  return <SocialIcon name="twitter" className={className} />;
}

export function InstagramIcon({ className }: IconProps) {
  return <SocialIcon name="instagram" className={className} />;
}

export function LinkedinIcon({ className }: IconProps) {
  return <SocialIcon name="linkedin" className={className} />;
}
