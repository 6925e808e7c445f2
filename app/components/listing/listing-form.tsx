import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import { buttonStyles, inputStyles } from "~/components/ui/button-styles";
import { CityOptions } from "~/components/ui/city-options";
import { FormAlert } from "~/components/ui/field";
import { useValidatedForm } from "~/components/ui/form";
import { Icon } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/react";
import { forgetQueuedPosts } from "~/service-worker/caches";
import type { FormReply } from "~/utils/form-reply";
import { messageReply } from "~/utils/form-reply";
import { randomUuid } from "~/utils/random-uuid";
import { ImagePicker } from "./image-picker";
import {
  DETAIL_PREFIX,
  type FieldView,
  type FormValues,
  formValuesOf,
  type ListingFormModel,
  type ListingFormResult,
} from "./listing-form-view";
import type { ListingUploadReply } from "./upload-listing";
import { UsdEquivalent } from "./usd-equivalent";
import { useListingDraft } from "./use-listing-draft";
import { loadUpload, usePhotoSelection } from "./use-photo-selection";

// The draft's banner is drawn only in the browser, once there is a draft (local storage): its
// code is fetched after hydration, when the browser is idle, so it is there even offline.
const loadDraftBanner = () => import("./draft-banner");
const DraftBanner = lazy(() => loadDraftBanner().then((m) => ({ default: m.DraftBanner })));

// The fields every listing has are checked in the browser by the schema the action parses first.
const listingFieldsSchema = () =>
  import("~/domain/listings/listing-fields-schema").then((m) => m.listingFieldsSchema);

export interface ExistingImage {
  id: string;
  src: string;
  isPrimary: boolean;
}

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
  /** Where the browser uploads the form as JSON (app/routes/api.listings.ts). */
  uploadTo: string;
  /** Local storage key of this form's draft (form_create_listing, form_edit_listing_{id}). */
  draftKey?: string;
  /**
   * The signed-in member's id, sent with a new listing: a post queued on this device is refused
   * if someone else is signed in by the time it goes (decision 025).
   */
  author?: string;
}

/** Tries of the save while the browser says it is online but the server does not answer. */
const SAVE_ATTEMPTS = 4;

function untilOnline() {
  return new Promise<void>((resolve) => {
    if (navigator.onLine) return resolve();
    window.addEventListener("online", () => resolve(), { once: true });
  });
}

/** Whether the browser says it is online, kept up to date. */
function useOnline() {
  const [online, setOnline] = useState(true);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    update();
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);
  return online;
}

/**
 * The create and edit form. It is a plain multipart form: without JavaScript, "Show the fields"
 * re-renders it on the server with the chosen category's fields (and the chosen make's models);
 * with JavaScript, changing the category or the make presses that button for the visitor, and
 * the fields come from /api/listing-form ("Loading..." meanwhile, "Error loading" on failure).
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
  const navigate = useNavigate();
  // The fields for the category and make chosen since the page loaded (JavaScript only).
  const [refreshed, setRefreshed] = useState<{
    model: ListingFormModel;
    values: FormValues;
  } | null>(null);
  const [fieldsState, setFieldsState] = useState<"idle" | "loading" | "error">("idle");
  const fieldsRequest = useRef(0);
  const { model, values } =
    refreshed ??
    (result
      ? { model: result.model, values: formValuesOf(result.reply) }
      : { model: loadedModel, values: loadedValues });
  // With JavaScript the photos are uploaded as they are chosen and the save names them; its
  // reply lives here. A new listing has a name from the moment the form opens, so a save sent
  // twice (a retry, a queued post replayed by the service worker) makes one listing.
  const [sending, setSending] = useState(false);
  // The save stalled or failed while online and is being sent again (same idempotency key).
  const [saveRetrying, setSaveRetrying] = useState(false);
  const [idempotencyKey] = useState(() => (mode === "create" ? randomUuid() : null));
  const online = useOnline();
  const [uploadReply, setUploadReply] = useState<FormReply | null>(null);
  const { form, formProps } = useValidatedForm({
    name: "listing",
    schema: listingFieldsSchema,
    lastResult: uploadReply ?? result?.reply,
  });
  const errorOf = (name: string) => form.allErrors[name]?.[0];
  const formError = form.errors?.[0] ?? (form.status === "error" ? t("form.formError") : undefined);
  const [removedImageIds, setRemovedImageIds] = useState<string[]>([]);
  const photos = usePhotoSelection({
    limits: { maxImages, existingCount: existingImages.length - removedImageIds.length },
  });
  const busyIntent =
    navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : "";
  const saving = busyIntent === "save" || sending;
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
  const refresh = () => refreshRef.current?.form?.requestSubmit(refreshRef.current);
  const categoryId = values.categoryId ?? "";

  const loadFields = async (form: FormData) => {
    const request = ++fieldsRequest.current;
    const current: FormValues = {};
    const params = new URLSearchParams();
    for (const [name, value] of form) {
      if (typeof value !== "string") continue;
      current[name] = value;
      if (name === "categoryId" || name === "fieldsFor" || name.startsWith(DETAIL_PREFIX)) {
        params.append(name, value);
      }
    }
    setFieldsState("loading");
    try {
      const response = await fetch(`/api/listing-form?${params}`, {
        headers: { Accept: "application/json" },
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const body = (await response.json()) as { model: ListingFormModel };
      if (request !== fieldsRequest.current) return;
      setRefreshed({ model: body.model, values: current });
      setFieldsState("idle");
    } catch {
      if (request === fieldsRequest.current) setFieldsState("error");
    }
  };

  /**
   * With JavaScript: a refresh asks /api/listing-form for the category's fields (the photos stay
   * in the picker); a save is checked by the schema first (its messages shown, nothing sent, when
   * a field is wrong), then waits for the photos (uploaded as they were chosen) and sends the
   * form naming them.
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
    if (isRefresh) {
      void loadFields(sent);
      return;
    }
    if (sending) return;
    setSending(true);
    if (idempotencyKey) sent.set("idempotencyKey", idempotencyKey);
    if (author) sent.set("author", author);
    const formElement = event.currentTarget;
    void save(sent).then((reply) => {
      if (reply && "redirectTo" in reply) {
        if (idempotencyKey) forgetQueuedPosts(idempotencyKey);
        // Sent, however long it waited for the connection: the draft has done its work.
        draft.clear();
        // The root loader runs again, so the flash cookie's "Listing Created" toast shows.
        void navigate(reply.redirectTo, { defaultShouldRevalidate: true });
        return;
      }
      setSending(false);
      setSaveRetrying(false);
      if (reply) setUploadReply(reply);
      requestAnimationFrame(() =>
        formElement.querySelector('[role="alert"]')?.scrollIntoView({ block: "center" }),
      );
    });
  };

  /**
   * Waits for the photos to be on the server, then sends the form naming them. Offline, it waits
   * for the connection and goes then (the service worker also keeps a new listing's save, to send
   * it when the connection is back even if this page is closed: Background Sync). Null when the
   * photos cannot go (the picker says why).
   */
  const save = async (sent: FormData): Promise<ListingUploadReply | null> => {
    const failed = t("form.upload.failed");
    for (let attempt = 0; ; ) {
      const staged = await photos.whenStaged();
      if (!staged.ok) return null;
      const body = new FormData();
      for (const [name, value] of sent) body.append(name, value);
      for (const id of staged.ids) body.append("stagedPhotos", id);
      try {
        const { readUploadReply, sendForm, stallTimeoutMs } = await loadUpload();
        // A save that stops moving is given up and sent again: its idempotency key makes the
        // repeat answer the first one's listing (decision 025).
        const raw = await sendForm(uploadTo, body, { stallMs: stallTimeoutMs(attempt) });
        return readUploadReply(raw, failed);
      } catch {
        if (!navigator.onLine) {
          await untilOnline();
          continue;
        }
        attempt += 1;
        if (attempt >= SAVE_ATTEMPTS) return messageReply(failed);
        setSaveRetrying(true);
        const { retryDelayMs } = await loadUpload().catch(() => ({
          retryDelayMs: () => 2000,
        }));
        await new Promise((resolve) => setTimeout(resolve, retryDelayMs(attempt - 1)));
      }
    }
  };

  // Offline with a save waiting, or sent again after no answer: said under the button the
  // member just pressed.
  const queued = sending && !online;
  const retrying = sending && online && saveRetrying;

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
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <input type="hidden" name="fieldsFor" value={model.fields.length > 0 ? categoryId : ""} />
      <p className="text-sm text-muted">{t("form.intro")}</p>

      <Section>
        <TextField
          name="title"
          label={t("form.title")}
          hint={t("form.titleHint")}
          required
          defaultValue={values.title}
          error={errorOf("title")}
          dir="auto"
        />
        <Control
          name="description"
          label={t("form.description")}
          required
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
        <TextField
          name="price"
          label={t("form.price")}
          hint={t("form.priceHint")}
          required
          defaultValue={values.price}
          error={errorOf("price")}
          inputMode="numeric"
          dir="ltr"
          autoComplete="off"
        />
        <UsdEquivalent inputId="field-price" />
      </Section>

      <Section>
        <Control
          name="categoryId"
          label={t("form.category")}
          required
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
        <Control name="location" label={t("form.location")} required error={errorOf("location")}>
          {(props) => (
            <select {...props} defaultValue={values.location ?? ""} className={inputStyles}>
              <option value="">{t("form.chooseLocation")}</option>
              <CityOptions groups={model.locations} />
            </select>
          )}
        </Control>
        <div className={hydrated && fieldsState !== "error" ? "sr-only" : ""}>
          <button
            ref={refreshRef}
            type="submit"
            name="intent"
            value="refresh"
            formNoValidate
            className={buttonStyles.secondary}
            tabIndex={hydrated && fieldsState !== "error" ? -1 : undefined}
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
          {fieldsState === "loading" ? t("form.loadingFields") : ""}
        </p>
        {fieldsState === "error" ? <FormAlert>{t("form.fieldsFailed")}</FormAlert> : null}
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
                state={field.parent ? fieldsState : "idle"}
              />
            ))}
          </div>
        )}
      </Section>

      <Section title={t("form.images")}>
        {existingImages.length > 0 ? (
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-ink">{t("form.currentImages")}</legend>
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              {existingImages.map((image, index) => (
                <li key={image.id} className="rounded-xl p-2 ring-1 ring-line">
                  <img
                    src={image.src}
                    alt={t("form.imageAlt", { n: index + 1 })}
                    width={320}
                    height={240}
                    className="aspect-4/3 w-full rounded-lg object-cover"
                  />
                  <label className="mt-2 flex items-center gap-2 text-sm">
                    <input
                      type="radio"
                      name="primaryImageId"
                      value={image.id}
                      defaultChecked={image.isPrimary}
                    />
                    {t("form.primaryImage")}
                  </label>
                  <label className="mt-1 flex items-center gap-2 text-sm text-red-700">
                    <input
                      type="checkbox"
                      name="removedImageIds"
                      value={image.id}
                      onChange={(event) => {
                        const checked = event.currentTarget.checked;
                        setRemovedImageIds((ids) =>
                          checked ? [...ids, image.id] : ids.filter((id) => id !== image.id),
                        );
                      }}
                    />
                    {t("form.removeImage")}
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        ) : null}
        <Control
          name="images"
          label={t("form.images")}
          // With JavaScript the picker shows its own, fuller hint (limits, size, compression).
          hint={hydrated ? undefined : t("form.imagesHint", { max: maxImages })}
          error={errorOf("images")}
        >
          {(props) =>
            hydrated ? (
              <ImagePicker photos={photos} inputProps={props} busy={saving} />
            ) : (
              <div className="flex items-center gap-3 rounded-xl border border-dashed border-line p-4">
                <Icon name="image-plus" className="size-6 shrink-0 text-muted" aria-hidden />
                <input
                  {...props}
                  type="file"
                  multiple
                  accept="image/*"
                  className="block w-full text-sm file:me-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-700"
                />
              </div>
            )
          }
        </Control>
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
      <div role="status" aria-live="polite">
        {queued ? (
          <p
            className="flex items-center gap-2 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900"
            data-testid="listing-queued"
          >
            <Icon name="wifi-off" className="size-4 shrink-0" aria-hidden />
            {mode === "create" ? t("form.queued") : t("form.queuedEdit")}
          </p>
        ) : retrying ? (
          <p
            className="flex items-center gap-2 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900"
            data-testid="listing-retrying"
          >
            <Icon name="refresh-cw" className="size-4 shrink-0" aria-hidden />
            {t("form.saveRetrying")}
          </p>
        ) : null}
      </div>
    </Form>
  );
}

function Section({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <section className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-line sm:p-6">
      {title ? <h2 className="text-lg font-semibold text-ink">{title}</h2> : null}
      {children}
    </section>
  );
}

interface ControlProps {
  name: string;
  label: string;
  required?: boolean;
  hint?: string;
  error?: string;
  children: (props: {
    id: string;
    name: string;
    "aria-invalid"?: boolean;
    "aria-describedby"?: string;
    "aria-required"?: boolean;
  }) => ReactNode;
}

/** A label, the control, its hint and its error, wired for screen readers. */
function Control({ name, label, required, hint, error, children }: ControlProps) {
  const id = `field-${name.replace(/\W/g, "-")}`;
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-ink">
        {label}
        {required ? (
          <span className="ms-0.5 text-red-600" aria-hidden>
            *
          </span>
        ) : null}
      </label>
      {children({
        id,
        name,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy || undefined,
        "aria-required": required || undefined,
      })}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-600" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function TextField({
  name,
  label,
  hint,
  required,
  error,
  ...input
}: {
  name: string;
  label: string;
  hint?: string;
  required?: boolean;
  error?: string;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "name" | "required">) {
  return (
    <Control name={name} label={label} hint={hint} required={required} error={error}>
      {(props) => <input {...props} type="text" className={inputStyles} {...input} />}
    </Control>
  );
}

function DetailField({
  field,
  value,
  error,
  onParentChange,
  state = "idle",
}: {
  field: FieldView;
  value: string;
  error?: string;
  onParentChange?: () => void;
  /** A dependent select (the model) says "Loading..." or "Error loading" while its list comes. */
  state?: "idle" | "loading" | "error";
}) {
  const { t } = useTranslation("listings");
  const name = `${DETAIL_PREFIX}${field.key}`;
  const label = field.unit ? `${field.label} (${field.unit})` : field.label;
  if (field.type === "select") {
    const waiting = field.waitsFor !== null || state !== "idle";
    const placeholder =
      state === "loading"
        ? t("form.loadingOptions")
        : state === "error"
          ? t("form.errorLoading")
          : field.waitsFor !== null
            ? t("form.selectMakeFirst")
            : t("form.choose");
    return (
      <Control name={name} label={label} required={field.required} error={error}>
        {(props) => (
          <select
            {...props}
            defaultValue={waiting ? "" : value}
            disabled={waiting}
            className={inputStyles}
            onChange={onParentChange}
          >
            <option value="">{placeholder}</option>
            {(state === "idle" ? field.options : []).map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        )}
      </Control>
    );
  }
  return (
    <Control name={name} label={label} required={field.required} error={error}>
      {(props) => (
        <input
          {...props}
          type="text"
          defaultValue={value}
          inputMode={field.type === "number" ? "decimal" : undefined}
          dir={field.type === "number" ? "ltr" : "auto"}
          className={inputStyles}
        />
      )}
    </Control>
  );
}
