/*
 * schema.org structured data for listing and member pages. A route's `meta` returns it as
 * `{ "script:ld+json": … }`, built from its loader data; React Router's <Meta> writes it as JSON
 * whose `<`, `>`, `&` and line/paragraph separators are \u escapes (its escapeHtml, 7.18.4), so no
 * title or description can close the script element or start markup, whatever it contains
 * (structured-data.test.ts renders one to check).
 */

export type ListingStatus = "active" | "sold" | "inactive" | "removed" | "expired";

export interface ListingJsonLdInput {
  /** The listing's absolute URL. */
  url: string;
  title: string;
  /** Plain text or the stored (sanitised) HTML; tags are dropped. */
  description: string;
  /** Whole new Syrian pounds. */
  price: number;
  currency: "SYP";
  /** Absolute image URLs, primary first. */
  images: readonly string[];
  status: ListingStatus;
  /** Active but promised to a buyer (issue 31): still offered, not for long. */
  reserved?: boolean;
  sellerName?: string | null;
  createdAt: Date | string;
  category?: string | null;
}

const AVAILABILITY: Record<ListingStatus, string> = {
  active: "https://schema.org/InStock",
  sold: "https://schema.org/SoldOut",
  inactive: "https://schema.org/OutOfStock",
  removed: "https://schema.org/Discontinued",
  expired: "https://schema.org/Discontinued",
};

/** A schema.org Product with its Offer. */
export function listingJsonLd(input: ListingJsonLdInput): Record<string, unknown> {
  const created = typeof input.createdAt === "string" ? new Date(input.createdAt) : input.createdAt;
  const description = plainText(input.description).slice(0, 5000);
  const product: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: input.title,
    url: input.url,
    ...(description ? { description } : {}),
    ...(input.images.length > 0 ? { image: [...input.images] } : {}),
    ...(input.category ? { category: input.category } : {}),
    offers: {
      "@type": "Offer",
      url: input.url,
      price: String(Math.max(0, Math.round(input.price))),
      priceCurrency: input.currency,
      availability:
        input.status === "active" && input.reserved
          ? "https://schema.org/LimitedAvailability"
          : AVAILABILITY[input.status],
      ...(Number.isNaN(created.getTime()) ? {} : { validFrom: created.toISOString() }),
      ...(input.sellerName ? { seller: { "@type": "Person", name: input.sellerName } } : {}),
    },
  };
  return product;
}

/** Text without tags, entities decoded for the common few, whitespace collapsed. */
function plainText(html: string) {
  return html
    .replace(/<(br|\/p|\/li|\/h\d)\s*\/?>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

export interface ProfilePageJsonLdInput {
  /** The page's absolute URL. */
  url: string;
  name: string;
  /** Absolute URL of the member's picture. */
  image?: string | null;
  /** When they joined (a Date, or its ISO text from loader data). */
  memberSince: Date | string;
  description: string;
}

/** A member's public page: a schema.org ProfilePage about a Person. */
export function profilePageJsonLd(input: ProfilePageJsonLdInput): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "ProfilePage",
    url: input.url,
    dateCreated: new Date(input.memberSince).toISOString(),
    mainEntity: {
      "@type": "Person",
      name: input.name,
      url: input.url,
      description: input.description,
      ...(input.image ? { image: input.image } : {}),
    },
  };
}
