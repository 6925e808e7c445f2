import { describe, expect, it } from "vitest";
import { renderDocument } from "../../tests/setup/render-document";
import { type ListingJsonLdInput, listingJsonLd } from "./structured-data";

const base = {
  url: "https://souqna.example/listing/3f0c5a34-1111-4222-8333-944455556666",
  title: "Toyota Camry 2015",
  description: "<p>One owner, <strong>full</strong> service history.</p><p>Damascus</p>",
  price: 150_000_000,
  currency: "SYP" as const,
  images: ["https://souqna.example/media/a-1280.webp", "https://souqna.example/media/b-1280.webp"],
  status: "active" as const,
  sellerName: "Rana Halabi",
  createdAt: new Date("2026-03-01T08:30:00Z"),
  category: "Motors",
};

describe("listingJsonLd", () => {
  it("describes the listing as a schema.org Product with an Offer", () => {
    expect(listingJsonLd(base)).toEqual({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Toyota Camry 2015",
      url: base.url,
      description: "One owner, full service history. Damascus",
      image: base.images,
      category: "Motors",
      offers: {
        "@type": "Offer",
        url: base.url,
        price: "150000000",
        priceCurrency: "SYP",
        availability: "https://schema.org/InStock",
        validFrom: "2026-03-01T08:30:00.000Z",
        seller: { "@type": "Person", name: "Rana Halabi" },
      },
    });
  });

  it("marks a sold listing as sold out and leaves out what is missing", () => {
    const ld = listingJsonLd({
      ...base,
      status: "sold",
      images: [],
      sellerName: null,
      description: "",
    }) as { offers: Record<string, unknown> };
    expect(ld.offers.availability).toBe("https://schema.org/SoldOut");
    expect(ld).not.toHaveProperty("image");
    expect(ld).not.toHaveProperty("description");
    expect(ld.offers).not.toHaveProperty("seller");
  });

  it("marks a reserved listing as of limited availability, and only while it is active", () => {
    const offers = (input: Partial<ListingJsonLdInput>) =>
      (listingJsonLd({ ...base, ...input }) as { offers: Record<string, unknown> }).offers;
    expect(offers({ reserved: true }).availability).toBe("https://schema.org/LimitedAvailability");
    expect(offers({ reserved: false }).availability).toBe("https://schema.org/InStock");
    expect(offers({ status: "sold", reserved: true }).availability).toBe(
      "https://schema.org/SoldOut",
    );
  });

  it("cannot be broken out of by a hostile title, description or seller name", async () => {
    const hostile = "</script><script>alert(1)</script>";
    const structured = listingJsonLd({
      ...base,
      title: hostile,
      description: `&lt;/script&gt;<script>alert(2)</script> \u2028 line`,
      sellerName: `<!-- ${hostile} & "quotes"`,
      category: "a\u2029b",
    });
    // Written as the listing page writes it: by React Router's <Meta>, from the route's meta.
    const html = await renderDocument({ meta: [{ "script:ld+json": structured }] });
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
    expect(blocks).toHaveLength(1);
    const text = blocks[0]?.[1] ?? "";
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(text.toLowerCase()).not.toContain("</script");
    expect(text).toContain("\\u003c/script\\u003e\\u003cscript\\u003ealert(1)");
    const ld = JSON.parse(text);
    expect(ld.name).toBe(hostile);
    expect(ld.offers.seller.name).toBe(`<!-- ${hostile} & "quotes"`);
    expect(ld.category).toBe("a\u2029b");
    // Tags are dropped from the description; an encoded tag stays text, still escaped.
    expect(ld.description).toBe("</script>alert(2) line");
  });

  it("keeps Arabic text as it is", () => {
    const ld = listingJsonLd({ ...base, title: "تويوتا كامري ٢٠١٥", category: "سيارات" });
    expect(ld.name).toBe("تويوتا كامري ٢٠١٥");
  });
});
