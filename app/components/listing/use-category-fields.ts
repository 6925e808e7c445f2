import { useRef, useState } from "react";
import {
  DETAIL_PREFIX,
  type FormValues,
  type ListingFormModel,
} from "~/views/listing/listing-form-view";

/**
 * The chosen category's fields (and the chosen make's models) with JavaScript: asked of
 * /api/listing-form when the category or the make changes, the answer to the latest request
 * kept. `refreshed` is null until then; `state` says "loading" meanwhile, "error" on a failure.
 */
export function useCategoryFields() {
  const [refreshed, setRefreshed] = useState<{
    model: ListingFormModel;
    values: FormValues;
  } | null>(null);
  const [state, setState] = useState<"idle" | "loading" | "error">("idle");
  const latest = useRef(0);

  const load = async (form: FormData) => {
    const request = ++latest.current;
    const values: FormValues = {};
    const params = new URLSearchParams();
    for (const [name, value] of form) {
      if (typeof value !== "string") continue;
      values[name] = value;
      if (name === "categoryId" || name === "fieldsFor" || name.startsWith(DETAIL_PREFIX)) {
        params.append(name, value);
      }
    }
    setState("loading");
    try {
      const response = await fetch(`/api/listing-form?${params}`, {
        headers: { Accept: "application/json" },
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const body = (await response.json()) as { model: ListingFormModel };
      if (request !== latest.current) return;
      setRefreshed({ model: body.model, values });
      setState("idle");
    } catch {
      if (request === latest.current) setState("error");
    }
  };

  return { refreshed, state, load };
}
