import {
  Briefcase,
  Building2,
  Car,
  HandHeart,
  type LucideIcon,
  Shirt,
  Smartphone,
  Sofa,
  Tag,
  Wrench,
} from "lucide-react";

// Drawn icons rather than the emoji stored with the categories: emoji fonts are missing or look
// different on many Android phones and desktop Linux machines.
const icons: Record<string, LucideIcon> = {
  motors: Car,
  property: Building2,
  jobs: Briefcase,
  electronics: Smartphone,
  furniture: Sofa,
  fashion: Shirt,
  services: Wrench,
  community: HandHeart,
};

export function CategoryIcon({ slug, className }: { slug: string; className?: string }) {
  const Icon = icons[slug] ?? Tag;
  return <Icon className={className} aria-hidden />;
}
