import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { buttonStyles, inputStyles } from "~/components/ui/button-styles";
import { Card } from "~/components/ui/card";
import { CityOptions } from "~/components/ui/city-options";
import { Control, Field, FormAlert } from "~/components/ui/field";
import { useValidatedForm } from "~/components/ui/form";
import { Icon } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/react";
import { type FormReply, replyLink } from "~/utils/form-reply";
import {
  DETAIL_PREFIX,
  type FormValues,
  formValuesOf,
  type ListingFormModel,
  type ListingFormResult,
} from "~/views/listing/listing-form-view";
import { DetailField } from "./detail-field";
import { type ExistingImage, ExistingImages, PhotosField } from "./listing-photos";
import { PriceGuideHint } from "./price-guide-hint";
import { SaveStatus } from "./save-status";
import { UsdEquivalent } from "./usd-equivalent";
import { useCategoryFields } from "./use-category-fields";
import { useListingDraft } from "./use-listing-draft";
import { useListingSave } from "./use-listing-save";
import { usePhotoSelection } from "./use-photo-selection";

// The draft's banner is drawn only in the browser, once there is a draft (local storage): its
// code is fetched after hydration, when the browser is idle, so it is there even offline.
const loadDraftBanner = () => import("./draft-banner");
const DraftBanner = lazy(() => loadDraftBanner().then((m) => ({ default: m.DraftBanner })));

// The fields every listing has are checked in the browser by the schema the action parses first.
const listingFieldsSchema = () =>
  import("~/domain/listings/listing-fields-schema").then((m) => m.listingFieldsSchema);

export interface ListingFormProps {
  mode: "create" | "edit";
  /** The loader's form: the values it starts with and their category's fields. */
  model: ListingFormModel;
  values: FormValues;
  /** The action's answer when the form came back (without JavaScript). */
  result?: ListingFormResult;
  existingImages?: ExistingImage[];
  maxImages: number;
  cancelTo: string;
  /** Where the browser sends the save (app/routes/api.listings.ts). */
  uploadTo: string;
  /** Local storage key of this form's draft (form_create_listing, form_edit_listing_{id}). */
  draftKey?: string;
  /**
   * The signed-in member's id, sent with a new listing: a post queued on this device is refused
   * if someone else is signed in by the time it goes (decision 025).
   */
  author?: string;
}

/**
 * The create and edit form. It is a plain multipart form: without JavaScript, "Show the fields"
 * re-renders it on the server with the chosen category's fields (and the chosen make's models);
 * with JavaScript, changing the category or the make presses that button for the visitor, and
 * the fields come from /api/listing-form ("Loading..." meanwhile, "Error loading" on failure),
 * while the photos are uploaded as they are chosen and the save names them (use-listing-save.ts).
 */
export function ListingForm({
  mode,
  model: loadedModel,
  values: loadedValues,
  result,
  existingImages = [],
  maxImages,
  cancelTo,
  uploadTo,
  draftKey,
  author,
}: ListingFormProps) {
  const { t } = useTranslation("listings");
  const navigation = useNavigation();
  const fields = useCategoryFields();
  const { model, values } =
    fields.refreshed ??
    (result
      ? { model: result.model, values: formValuesOf(result.reply) }
      : { model: loadedModel, values: loadedValues });
  // The save's answer when it did not go through (with JavaScript): shown as the action's reply.
  const [saveReply, setSaveReply] = useState<FormReply | null>(null);
  const { form, formProps } = useValidatedForm({
    name: "listing",
    schema: listingFieldsSchema,
    lastResult: saveReply ?? result?.reply,
  });
  const errorOf = (name: string) => form.allErrors[name]?.[0];
  const formError = form.errors?.[0] ?? (form.status === "error" ? t("form.formError") : undefined);
  // A post that repeats the member's own listing names it: they edit or renew that one instead.
  const repeated = replyLink(saveReply ?? result?.reply ?? null);
  const [removedImageIds, setRemovedImageIds] = useState<string[]>([]);
  const photos = usePhotoSelection({
    limits: { maxImages, existingCount: existingImages.length - removedImageIds.length },
  });
  const refreshRef = useRef<HTMLButtonElement>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    const preload = () => void loadDraftBanner().catch(() => undefined);
    if (typeof window.requestIdleCallback !== "function") {
      const timer = setTimeout(preload, 1000);
      return () => clearTimeout(timer);
    }
    const idle = window.requestIdleCallback(preload, { timeout: 3000 });
    return () => window.cancelIdleCallback(idle);
  }, []);
  const formRef = useRef<HTMLFormElement>(null);
  const draft = useListingDraft(formRef, draftKey);
  const saver = useListingSave({
    mode,
    uploadTo,
    author,
    photos,
    onSaved: draft.clear,
    onRefused: setSaveReply,
  });
  const busyIntent =
    navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : "";
  const saving = busyIntent === "save" || saver.sending;
  const refresh = () => refreshRef.current?.form?.requestSubmit(refreshRef.current);
  const categoryId = values.categoryId ?? "";
  // Until the form's code runs, the refresh button is shown (without JavaScript it is the way to
  // the category's fields); after, it is pressed for the member, and shown only when that failed.
  const refreshHidden = hydrated && fields.state !== "error";

  /**
   * With JavaScript: a refresh asks /api/listing-form for the category's fields (the photos stay
   * in the picker); a save is checked by the schema first (its messages shown, nothing sent, when
   * a field is wrong), then sent by the save hook.
   */
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    if (!hydrated) return;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const isRefresh = submitter?.getAttribute("value") === "refresh";
    if (!isRefresh) {
      formProps.onSubmit(event);
      if (event.defaultPrevented) return;
    }
    event.preventDefault();
    const sent = new FormData(event.currentTarget);
    sent.delete("images");
    sent.set("intent", isRefresh ? "refresh" : "save");
    if (isRefresh) void fields.load(sent);
    else saver.save(sent, event.currentTarget);
  };

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      // Until this form's code runs (a tap while the page's code is still arriving) the browser
      // sends the form itself, exactly as without JavaScript; after that, onSubmit always does.
      reloadDocument={!hydrated}
      className="space-y-6"
      {...formProps}
      data-testid="listing-form"
      data-hydrated={hydrated || undefined}
      onSubmit={onSubmit}
      ref={formRef}
    >
      {draft.savedAt !== null || draft.notice !== null || draft.offer !== null ? (
        <Suspense fallback={null}>
          <DraftBanner draft={draft} />
        </Suspense>
      ) : null}
      {formError ? (
        <FormAlert>
          {formError}
          {repeated ? (
            <Link
              to={repeated}
              className="ms-1 font-semibold underline"
              data-testid="open-repeated"
            >
              {t("form.openRepeated")}
            </Link>
          ) : null}
        </FormAlert>
      ) : null}
      <input type="hidden" name="fieldsFor" value={model.fields.length > 0 ? categoryId : ""} />
      <p className="text-sm text-muted">{t("form.intro")}</p>

      <Section>
        <Field
          name="title"
          type="text"
          label={t("form.title")}
          hint={t("form.titleHint")}
          keepHint
          markRequired
          defaultValue={values.title}
          error={errorOf("title")}
          dir="auto"
        />
        <Control
          name="description"
          label={t("form.description")}
          markRequired
          hint={t("form.descriptionHint")}
          error={errorOf("description")}
        >
          {(props) => (
            <textarea
              {...props}
              rows={6}
              defaultValue={values.description}
              dir="auto"
              className={inputStyles}
            />
          )}
        </Control>
        <Field
          name="price"
          type="text"
          label={t("form.price")}
          hint={t("form.priceHint")}
          keepHint
          markRequired
          defaultValue={values.price}
          error={errorOf("price")}
          inputMode="numeric"
          dir="ltr"
          autoComplete="off"
        />
        <UsdEquivalent inputId="field-price" />
        <PriceGuideHint inputId="field-price" />
      </Section>

      <Section>
        <Control
          name="categoryId"
          label={t("form.category")}
          markRequired
          error={errorOf("categoryId")}
        >
          {(props) => (
            <select
              {...props}
              defaultValue={categoryId}
              className={inputStyles}
              onChange={hydrated ? refresh : undefined}
            >
              <option value="">{t("form.chooseCategory")}</option>
              {model.categories.map((category) => (
                <option key={category.id} value={String(category.id)}>
                  {category.name}
                </option>
              ))}
            </select>
          )}
        </Control>
        <Control
          name="location"
          label={t("form.location")}
          markRequired
          error={errorOf("location")}
        >
          {(props) => (
            <select {...props} defaultValue={values.location ?? ""} className={inputStyles}>
              <option value="">{t("form.chooseLocation")}</option>
              <CityOptions groups={model.locations} />
            </select>
          )}
        </Control>
        <div className={refreshHidden ? "sr-only" : ""}>
          <button
            ref={refreshRef}
            type="submit"
            name="intent"
            value="refresh"
            formNoValidate
            className={buttonStyles.secondary}
            tabIndex={refreshHidden ? -1 : undefined}
            data-testid="refresh-form"
          >
            <Icon name="refresh-cw" className="size-4" aria-hidden />
            {t("form.continue")}
          </button>
          <p className="mt-1.5 text-xs text-muted">{t("form.continueHint")}</p>
        </div>
      </Section>

      <Section title={t("form.details")}>
        <p className="sr-only" role="status">
          {fields.state === "loading" ? t("form.loadingFields") : ""}
        </p>
        {fields.state === "error" ? <FormAlert>{t("form.fieldsFailed")}</FormAlert> : null}
        {model.fields.length === 0 ? (
          <p className="text-sm text-muted">{t("form.detailsHint")}</p>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2">
            {model.fields.map((field) => (
              <DetailField
                key={`${categoryId}-${field.key}-${field.parent ? (values[`${DETAIL_PREFIX}${field.parent}`] ?? "") : ""}`}
                field={field}
                value={field.initial ?? values[`${DETAIL_PREFIX}${field.key}`] ?? ""}
                error={errorOf(`${DETAIL_PREFIX}${field.key}`)}
                onParentChange={hydrated && field.key === "make" ? refresh : undefined}
                state={field.parent ? fields.state : "idle"}
              />
            ))}
          </div>
        )}
      </Section>

      <Section title={t("form.images")}>
        {existingImages.length > 0 ? (
          <ExistingImages
            images={existingImages}
            onRemovedChange={(id, removed) =>
              setRemovedImageIds((ids) => (removed ? [...ids, id] : ids.filter((k) => k !== id)))
            }
          />
        ) : null}
        <PhotosField
          hydrated={hydrated}
          photos={photos}
          busy={saving}
          maxImages={maxImages}
          error={errorOf("images")}
        />
        {result?.filesLost ? <FormAlert tone="info">{t("form.imagesNotKept")}</FormAlert> : null}
      </Section>

      <div className="flex flex-wrap items-center gap-3">
        <button
          type="submit"
          name="intent"
          value="save"
          className={buttonStyles.primary}
          disabled={saving}
          data-testid="listing-submit"
        >
          <Icon name="send" className="size-4 rtl:-scale-x-100" aria-hidden />
          {mode === "create"
            ? saving
              ? t("form.posting")
              : t("form.post")
            : saving
              ? t("form.updating")
              : t("form.update")}
        </button>
        <Link to={cancelTo} className={buttonStyles.ghost}>
          {t("form.cancel")}
        </Link>
      </div>
      <SaveStatus mode={mode} queued={saver.queued} retrying={saver.retrying} />
    </Form>
  );
}

function Section({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Card as="section" className="space-y-4 p-5 sm:p-6">
      {title ? <h2 className="text-lg font-semibold text-ink">{title}</h2> : null}
      {children}
    </Card>
  );
}
