import { priceGuideFor } from "~/domain/statistics/price-guide.server";
import { parseWholeNumber } from "~/utils/numbers";
import { priceGuideHint } from "~/views/listing/price-guide-text.server";
import type { Route } from "./+types/api.price-guide";

/**
 * The fair-price guide for a listing being written (issue 32): the post form asks as the seller
 * fills in a car's make, model, year and mileage, or a flat's city, deal, type and bedrooms, and
 * types a price. One statement; anything malformed is simply no guide. The same answer for the
 * same question for a few minutes: a seller typing a price asks again only for the position.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const get = (name: string) => {
    const value = url.searchParams.get(name)?.trim() ?? "";
    return value && value.length <= 60 ? value : null;
  };
  const number = (name: string) => {
    const value = get(name);
    return value === null ? null : parseWholeNumber(value);
  };
  const categoryId = Number(get("categoryId"));
  const guide = Number.isInteger(categoryId)
    ? await priceGuideFor(context.db, {
        categoryId,
        make: get("make"),
        model: get("model"),
        year: number("year"),
        kilometers: number("kilometers"),
        cityId: get("city"),
        listingType: get("listing_type"),
        type: get("type"),
        bedrooms: get("bedrooms"),
      })
    : null;
  return Response.json(
    { hint: priceGuideHint(context.lang, categoryId, guide, number("price")) },
    { headers: { "Cache-Control": "private, max-age=300", Vary: "Cookie" } },
  );
}
