import type { AppLoadContext } from "react-router";
import { type Member, requireMember } from "~/domain/accounts/session.server";
import { createListing } from "~/domain/listings/create-listing.server";
import { listingFormSchema } from "~/domain/listings/listings-schemas";
import { updateListing } from "~/domain/listings/update-listing.server";
import type { Lang } from "~/i18n/config";
import { serverT } from "~/i18n/i18n.server";
import { MAX_IMAGE_BYTES, MAX_LISTING_IMAGES } from "~/media/listing-images.server";
import { createLocalStorage, type MediaStorage } from "~/media/storage.server";
import { type AppErrorCode, isAppError } from "~/utils/app-error";
import { readFormData } from "~/utils/form-data.server";
import { isUnavailable } from "~/utils/unavailable.server";
import {
  buildFormModel,
  listingFieldErrors,
  readFormValues,
  toListingInput,
} from "./listing-form-model.server";
import type { FormValues, ListingFormModel } from "./listing-form-view";

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
export async function readListingForm(
  request: Request,
  lang: Lang,
): Promise<SubmittedListing | null> {
  if (Number(request.headers.get("content-length") ?? 0) > MAX_LISTING_REQUEST_BYTES) return null;
  const form = await readFormData(request, lang);
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

/** What a save came to: the listing's id, or the form again with its HTTP status. */
export type ListingSaveOutcome =
  | { ok: true; id: string }
  | { ok: false; status: number; reply: ListingFormReply };

type Refused = Extract<ListingSaveOutcome, { ok: false }>;

/** The form again, with the category's fields for what is chosen now (HTTP 200). */
export function refreshedForm(lang: Lang, values: FormValues): Refused {
  return {
    ok: false,
    status: 200,
    reply: { ok: false, intent: "refresh", values, model: buildFormModel(lang, values) },
  };
}

/** A 400 with each field's message, or null when the form is valid. */
export function invalidListingForm(
  lang: Lang,
  values: FormValues,
  hadFiles: boolean,
): Refused | null {
  const parsed = listingFormSchema.safeParse(toListingInput(values));
  if (parsed.success) return null;
  const t = serverT(lang);
  return {
    ok: false,
    status: 400,
    reply: {
      ok: false,
      intent: "save",
      values,
      model: buildFormModel(lang, values),
      fieldErrors: listingFieldErrors(lang, values.categoryId, parsed.error.issues, t),
      formError: serverT(lang, "listings")("form.formError"),
      filesLost: hadFiles,
    },
  };
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
): Refused {
  const model = buildFormModel(lang, values);
  const base = { ok: false as const, intent: "save" as const, values, model, filesLost: hadFiles };
  if (!isAppError(error)) {
    // The photo disk is full (or the database is away): nothing was saved, and it is not the
    // member's fault; they are told to try again later, with what they typed kept.
    const unavailable = isUnavailable(error);
    return {
      ok: false,
      status: unavailable ? 503 : 500,
      reply: {
        ...base,
        formError: serverT(lang, "listings")(unavailable ? "form.storageFull" : "form.saveFailed"),
      },
    };
  }
  const message = serverT(lang)(`errors.${error.code}`);
  const status = error.status;
  if (IMAGE_ERRORS.includes(error.code)) {
    return { ok: false, status, reply: { ...base, fieldErrors: { images: message } } };
  }
  if (error.code === "LOCATION_INVALID") {
    return { ok: false, status, reply: { ...base, fieldErrors: { location: message } } };
  }
  return { ok: false, status, reply: { ...base, formError: message } };
}

/** The reply for a request larger than any valid listing form. */
export function tooLargeListingForm(lang: Lang): Refused {
  const values: FormValues = {};
  return {
    ok: false,
    status: 413,
    reply: {
      ok: false,
      intent: "save",
      values,
      model: buildFormModel(lang, values),
      formError: serverT(lang, "listings")("form.tooLarge"),
      filesLost: true,
    },
  };
}

interface SaveArgs {
  request: Request;
  context: AppLoadContext;
}

/** Member, form, size, refresh, validation, then `persist`: the steps both forms share. */
async function saveListingForm(
  { request, context }: SaveArgs,
  persist: (options: {
    member: Member;
    storage: MediaStorage;
    submitted: SubmittedListing;
  }) => Promise<{ id: string }>,
): Promise<ListingSaveOutcome> {
  const { db, auth, lang, env, logger } = context;
  const member = await requireMember({ auth, db, request });
  const submitted = await readListingForm(request, lang);
  if (!submitted) return tooLargeListingForm(lang);
  const { values, images } = submitted;
  if (submitted.intent === "refresh") return refreshedForm(lang, values);
  const hadFiles = images.length > 0;
  const invalid = invalidListingForm(lang, values, hadFiles);
  if (invalid) return invalid;
  try {
    const { id } = await persist({
      member,
      storage: createLocalStorage(env.DATA_DIR),
      submitted,
    });
    return { ok: true, id };
  } catch (error) {
    if (!isAppError(error)) logger.error({ err: error }, "listing save failed");
    return failedListingSave(lang, error, values, hadFiles);
  }
}

/**
 * The create form's save, shared by the page's action (no JavaScript) and the JSON route the
 * browser uploads to (so the upload can show its progress).
 */
export function saveNewListing(args: SaveArgs): Promise<ListingSaveOutcome> {
  return saveListingForm(args, ({ member, storage, submitted }) =>
    createListing({
      db: args.context.db,
      storage,
      member,
      input: toListingInput(submitted.values),
      images: submitted.images,
    }),
  );
}

/**
 * The edit form's save, shared like saveNewListing. updateListing checks that the member owns the
 * listing (the page's action shows its 403/404 page even before that).
 */
export function saveListingEdit(
  args: SaveArgs & { listingId: string },
): Promise<ListingSaveOutcome> {
  return saveListingForm(args, ({ member, storage, submitted }) =>
    updateListing({
      db: args.context.db,
      storage,
      member,
      listingId: args.listingId,
      input: toListingInput(submitted.values),
      newImages: submitted.images,
      removedImageIds: submitted.removedImageIds,
      primaryImageId: submitted.primaryImageId,
    }),
  );
}
