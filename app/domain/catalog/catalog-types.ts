/** A top-level category with its subcategories, as navigation shows it. */
export interface CategoryNode {
  id: number;
  slug: string;
  name: string;
  nameAr: string;
  icon: string;
  postable: boolean;
  subcategories: { id: number; slug: string; name: string; nameAr: string }[];
}
