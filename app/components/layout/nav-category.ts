/**
 * A top-level category as the header, the drawer and the home page show it: its name in the
 * page's language only (the root loader sends this, not the whole tree with both languages).
 */
export interface NavCategory {
  id: number;
  slug: string;
  name: string;
}
