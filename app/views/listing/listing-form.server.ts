import { type AppLoadContext, data } from "react-router";
import { z } from "zod";
import { type Member, requireMember } from "~/domain/accounts/session.server";
import { createListing } from "~/domain/listings/create-listing.server";
import { listingRatesFrom } from "~/domain/listings/listing-rates.server";
import { type ListingFormValues, listingPageSchema } from "~/domain/listings/listings-schemas";
import { updateListing } from "~/domain/listings/update-listing.server";
import type { Lang } from "~/i18n/config";
import { serverT } from "~/i18n/i18n.server";
import type { TranslationKey } from "~/i18n/keys";
import { MAX_IMAGE_BYTES, MAX_LISTING_IMAGES } from "~/media/listing-images.server";
import type { MediaStorage } from "~/media/storage.server";
import { isAppError } from "~/utils/app-error";
import { type FormReply, failedForm, invalidForm } from "~/utils/form.server";
import { readFormData } from "~/utils/form-data.server";
import { messageReply } from "~/utils/form-reply";
import { type FormSubmission, parseSubmission } from "~/utils/form-submission";
import { isUnavailable } from "~/utils/unavailable.server";
import { buildFormModel, detailLabel, readFormValues } from "./listing-form-model.server";
import type { ListingFormResult } from "./listing-form-view";

/*
 * The listing form's save, shared by the create and edit pages' actions (without JavaScript) and
 * the JSON route the browser sends it to (app/routes/api.listings.ts). Every answer but a save is
 * the form again: Conform's reply, like every other form's, with the fields of the category
 * chosen in it.
 */

/** Every photo at its largest, plus the text fields. */
export const MAX_LISTING_REQUEST_BYTES = MAX_LISTING_IMAGES * MAX_IMAGE_BYTES + 1024 * 1024;

/** What a save came to: the listing's id, or the form again with its HTTP status (and headers). */
export type ListingSaveOutcome =
  | { ok: true; id: string; flash: "listing-created" | "listing-updated" | "listing-held" }
  | { ok: false; result: ListingFormResult; init: ResponseInit };

/** The listing the member sent, checked, and what it does to the photos. */
interface SubmittedListing {
  listing: ListingFormValues;
  images: Uint8Array[];
  /** Photos uploaded ahead (POST /api/photos), by their ids, in the member's order. */
  stagedPhotos: string[];
  /** The form's name for this post (a retry finds the listing it made). */
  idempotencyKey: string | null;
  /** Who the browser that sent a new listing had signed in (a queued post replayed later). */
  author: string | null;
  removedImageIds: string[];
  primaryImageId: string | null;
}

/** The form's fields checked by the listing's schema, each message in the page's language. */
function parseListingForm(lang: Lang, form: FormData) {
  const t = serverT(lang);
  const categoryId = String(form.get("categoryId") ?? "");
  return parseSubmission(form, listingPageSchema, (key, issue) => {
    // A detail's message names the field: "Kilometers is required".
    const field = issue.code === "custom" ? issue.params?.field : undefined;
    const label = typeof field === "string" ? detailLabel(lang, categoryId, field) : "";
    return t(`errors.${key}` as TranslationKey<"common">, { label });
  });
}

/** The form as it was sent, unchecked (a refresh asks for the category's fields, not a check). */
function uncheckedForm(form: FormData) {
  return parseSubmission(form, z.object({}), String);
}

/** The photos sent with a save, taken out of the form (a reply never carries files). */
async function takeImages(form: FormData): Promise<Uint8Array[]> {
  const images: Uint8Array[] = [];
  for (const entry of form.getAll("images")) {
    if (entry instanceof File && entry.size > 0) {
      images.push(new Uint8Array(await entry.arrayBuffer()));
    }
  }
  form.delete("images");
  return images;
}

/** The form again: the reply, the fields of the category it holds, and its status. */
function formAgain(
  lang: Lang,
  form: FormData,
  answer: { data: FormReply; init: ResponseInit | null },
  filesLost: boolean,
): ListingSaveOutcome {
  return {
    ok: false,
    result: { reply: answer.data, model: buildFormModel(lang, readFormValues(form)), filesLost },
    init: answer.init ?? {},
  };
}

/**
 * A failed save: a domain error under its field (a refused photo under the photos) or above the
 * form; anything else is not the member's fault, and they are told to try again later, with what
 * they typed kept (the photo disk is full or the database is away: 503).
 */
function failedSave(
  { lang, logger }: Pick<AppLoadContext, "lang" | "logger">,
  submission: FormSubmission<typeof listingPageSchema>,
  error: unknown,
) {
  if (isAppError(error)) return failedForm(lang, submission, error);
  logger.error({ err: error }, "listing save failed");
  const unavailable = isUnavailable(error);
  const message = serverT(lang, "listings")(unavailable ? "form.storageFull" : "form.saveFailed");
  return data(submission.reply({ formErrors: [message] }), { status: unavailable ? 503 : 500 });
}

interface SaveArgs {
  request: Request;
  context: AppLoadContext;
}

/** Member, size, refresh, the schema, then `persist`: the steps both forms share. */
async function saveListingForm(
  { request, context }: SaveArgs,
  saved: "listing-created" | "listing-updated",
  persist: (options: {
    member: Member;
    storage: MediaStorage;
    submitted: SubmittedListing;
  }) => Promise<{ id: string; held: boolean }>,
): Promise<ListingSaveOutcome> {
  const { db, auth, lang } = context;
  const member = await requireMember({ auth, db, request });
  if (Number(request.headers.get("content-length") ?? 0) > MAX_LISTING_REQUEST_BYTES) {
    const reply = messageReply(serverT(lang, "listings")("form.tooLarge"));
    return formAgain(lang, new FormData(), { data: reply, init: { status: 413 } }, true);
  }
  const form = await readFormData(request, lang);
  if (form.get("intent") === "refresh") {
    form.delete("images");
    const reply = uncheckedForm(form).reply();
    return formAgain(lang, form, { data: reply, init: { status: 200 } }, false);
  }
  const images = await takeImages(form);
  const filesLost = images.length > 0;
  const submission = parseListingForm(lang, form);
  if (submission.status !== "success") {
    return formAgain(lang, form, invalidForm(submission), filesLost);
  }
  const strings = (name: string) =>
    form.getAll(name).filter((value): value is string => typeof value === "string");
  try {
    const { id, held } = await persist({
      member,
      storage: context.storage,
      submitted: {
        listing: submission.value,
        images,
        stagedPhotos: strings("stagedPhotos").slice(0, MAX_LISTING_IMAGES + 1),
        idempotencyKey: strings("idempotencyKey")[0] || null,
        author: strings("author")[0] || null,
        removedImageIds: strings("removedImageIds"),
        primaryImageId: strings("primaryImageId")[0] || null,
      },
    });
    // A held listing's owner is told it waits for a moderator, not that it is live.
    return { ok: true, id, flash: held ? "listing-held" : saved };
  } catch (error) {
    return formAgain(lang, form, failedSave(context, submission, error), filesLost);
  }
}

/**
 * The create form's save, shared by the page's action (no JavaScript) and the JSON route the
 * browser uploads to (so the upload can show its progress).
 */
export function saveNewListing(args: SaveArgs): Promise<ListingSaveOutcome> {
  return saveListingForm(args, "listing-created", ({ member, storage, submitted }) =>
    createListing({
      db: args.context.db,
      storage,
      member,
      input: submitted.listing,
      images: submitted.images,
      stagedPhotos: submitted.stagedPhotos,
      idempotencyKey: submitted.idempotencyKey,
      author: submitted.author,
      alerts: args.context.jobs,
      ip: args.context.clientIp,
      rates: listingRatesFrom(args.context.env),
      holdScore: args.context.env.SCREENING_HOLD_SCORE,
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
  return saveListingForm(args, "listing-updated", ({ member, storage, submitted }) =>
    updateListing({
      db: args.context.db,
      storage,
      member,
      listingId: args.listingId,
      input: submitted.listing,
      newImages: submitted.images,
      stagedPhotos: submitted.stagedPhotos,
      removedImageIds: submitted.removedImageIds,
      primaryImageId: submitted.primaryImageId,
      watchers: args.context.jobs,
      ip: args.context.clientIp,
      rates: listingRatesFrom(args.context.env),
      holdScore: args.context.env.SCREENING_HOLD_SCORE,
    }),
  );
}
