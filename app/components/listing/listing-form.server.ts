import { data } from "react-router";
import { listingFormSchema } from "~/domain/listings/listings-schemas";
import type { Lang } from "~/i18n/config";
import { serverT } from "~/i18n/i18n.server";
import { MAX_IMAGE_BYTES, MAX_LISTING_IMAGES } from "~/media/listing-images.server";
import { type AppErrorCode, isAppError } from "~/utils/app-error";
import {
  buildFormModel,
  type FormValues,
  type ListingFormModel,
  listingFieldErrors,
  readFormValues,
  toListingInput,
} from "./listing-form-model";

/** Every photo at its largest, plus the text fields. */
export const MAX_LISTING_REQUEST_BYTES = MAX_LISTING_IMAGES * MAX_IMAGE_BYTES + 1024 * 1024;

export interface ListingFormReply {
  ok: false;
  intent: "refresh" | "save";
  values: FormValues;
  model: ListingFormModel;
  fieldErrors?: Record<string, string>;
  formError?: string;
  filesLost?: boolean;
}

export interface SubmittedListing {
  intent: "refresh" | "save";
  values: FormValues;
  images: Uint8Array[];
  removedImageIds: string[];
  primaryImageId: string | null;
}

/** The submitted listing form, or null when the request is larger than any valid one. */
export async function readListingForm(request: Request): Promise<SubmittedListing | null> {
  if (Number(request.headers.get("content-length") ?? 0) > MAX_LISTING_REQUEST_BYTES) return null;
  const form = await request.formData();
  const intent = form.get("intent") === "refresh" ? "refresh" : "save";
  const images: Uint8Array[] = [];
  if (intent === "save") {
    for (const entry of form.getAll("images")) {
      if (entry instanceof File && entry.size > 0) {
        images.push(new Uint8Array(await entry.arrayBuffer()));
      }
    }
  }
  const primary = form.get("primaryImageId");
  return {
    intent,
    values: readFormValues(form),
    images,
    removedImageIds: form
      .getAll("removedImageIds")
      .filter((value): value is string => typeof value === "string"),
    primaryImageId: typeof primary === "string" && primary ? primary : null,
  };
}

/** The form again, with the category's fields for what is chosen now (HTTP 200). */
export function refreshedForm(lang: Lang, values: FormValues): ListingFormReply {
  return { ok: false, intent: "refresh", values, model: buildFormModel(lang, values) };
}

/** A 400 with each field's message, or null when the form is valid. */
export function invalidListingForm(lang: Lang, values: FormValues, hadFiles: boolean) {
  const parsed = listingFormSchema.safeParse(toListingInput(values));
  if (parsed.success) return null;
  const t = serverT(lang);
  return data<ListingFormReply>(
    {
      ok: false,
      intent: "save",
      values,
      model: buildFormModel(lang, values),
      fieldErrors: listingFieldErrors(lang, values.categoryId, parsed.error.issues, t),
      formError: serverT(lang, "listings")("form.formError"),
      filesLost: hadFiles,
    },
    { status: 400 },
  );
}

const IMAGE_ERRORS: AppErrorCode[] = [
  "IMAGE_NOT_IMAGE",
  "IMAGE_TOO_LARGE",
  "IMAGE_UNREADABLE",
  "LISTING_IMAGE_TOO_LARGE",
  "TOO_MANY_IMAGES",
];

/** A failed save: a photo problem under the photos, anything else above the form. */
export function failedListingSave(
  lang: Lang,
  error: unknown,
  values: FormValues,
  hadFiles: boolean,
) {
  const model = buildFormModel(lang, values);
  const base = { ok: false as const, intent: "save" as const, values, model, filesLost: hadFiles };
  if (!isAppError(error)) {
    console.error(error);
    return data<ListingFormReply>(
      { ...base, formError: serverT(lang, "listings")("form.saveFailed") },
      { status: 500 },
    );
  }
  const message = serverT(lang)(`errors.${error.code}`);
  if (IMAGE_ERRORS.includes(error.code)) {
    return data<ListingFormReply>(
      { ...base, fieldErrors: { images: message } },
      { status: error.status },
    );
  }
  if (error.code === "LOCATION_INVALID") {
    return data<ListingFormReply>(
      { ...base, fieldErrors: { location: message } },
      { status: error.status },
    );
  }
  return data<ListingFormReply>({ ...base, formError: message }, { status: error.status });
}

/** The reply for a request larger than any valid listing form. */
export function tooLargeListingForm(lang: Lang) {
  const values: FormValues = {};
  return data<ListingFormReply>(
    {
      ok: false,
      intent: "save",
      values,
      model: buildFormModel(lang, values),
      formError: serverT(lang, "listings")("form.tooLarge"),
      filesLost: true,
    },
    { status: 413 },
  );
}
