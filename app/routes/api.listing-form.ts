import { buildFormModel } from "~/views/listing/listing-form-model.server";
import { DETAIL_PREFIX, type FormValues } from "~/views/listing/listing-form-view";
import type { Route } from "./+types/api.listing-form";

/**
 * The listing form's category fields and a make's models, for the browser (spec: make/model
 * "Loading..." and "Error loading"). Only the choices that decide the fields are read; reference
 * data changes with a deploy, so browsers may keep an answer for the spec's 5 minutes.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const values: FormValues = {};
  for (const [name, value] of url.searchParams) {
    if (name === "categoryId" || name === "fieldsFor" || name.startsWith(DETAIL_PREFIX)) {
      if (name.length < 60 && value.length < 100) values[name] = value;
    }
  }
  return Response.json(
    { model: buildFormModel(context.lang, values) },
    { headers: { "Cache-Control": "private, max-age=300", Vary: "Cookie" } },
  );
}
