import { z } from "zod";
import { parseWholeNumber } from "~/utils/numbers";
import { cleanLine, cleanMultiline } from "~/utils/user-text";
import { DESCRIPTION_MAX, PRICE_MAX, TITLE_MAX } from "./listing-limits";

/*
 * The listing form's own fields, checked the same way in the browser (before the form is sent)
 * and in the action: title, description, price, and that a category and a city are chosen.
 * Messages are keys of the `errors` catalog. It imports no reference data, so the browser can
 * fetch it; listings-schemas.ts builds the full check on it (the category is postable, the city
 * exists, the category's details are filled in).
 */

const requiredString = z.string({ error: "required" });

const chosen = (message: string) =>
  z
    .union([z.string(), z.number()], { error: message })
    .refine((value) => String(value).trim() !== "", message);

export const listingFieldsSchema = z.object({
  title: requiredString
    .transform((value) => cleanLine(value))
    .pipe(z.string().min(1, "required").max(TITLE_MAX, "titleTooLong")),
  description: requiredString
    .transform((value) => cleanMultiline(value))
    .pipe(z.string().min(1, "required").max(DESCRIPTION_MAX, "descriptionTooLong")),
  price: z.union([z.string(), z.number()], { error: "required" }).transform((value, ctx) => {
    if (typeof value === "string" && !value.trim()) {
      ctx.addIssue({ code: "custom", message: "required" });
      return z.NEVER;
    }
    const price = parseWholeNumber(value);
    if (price === null) {
      ctx.addIssue({ code: "custom", message: "priceInvalid" });
      return z.NEVER;
    }
    if (price > PRICE_MAX) {
      ctx.addIssue({ code: "custom", message: "priceTooHigh" });
      return z.NEVER;
    }
    return price;
  }),
  categoryId: chosen("CATEGORY_REQUIRED"),
  location: chosen("required"),
});
