import {
  type FieldMetadata,
  getFormProps,
  parse,
  type Submission,
  useForm,
} from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import type { ZodType, z } from "zod";
import type { Lang } from "~/i18n/config";
import { useTranslation } from "~/i18n/react";
import type { FormReply } from "~/utils/form-reply";

/*
 * The browser's side of a form (Conform): the same Zod schema the action parses checks each field
 * when it is left and again as it is corrected, and the whole form before it is sent, so most
 * mistakes are shown without a round trip. The schema, Zod and the error texts are fetched after
 * the page is interactive (they would not fit the first-load budget); until they arrive, and
 * without JavaScript, the form is sent as it is and the action answers with the same messages.
 */

type Validate = (form: FormData) => Submission<Record<string, unknown>, string[]>;

const validators = new Map<string, Promise<Validate>>();

async function loadValidator(lang: Lang, schema: () => Promise<ZodType>): Promise<Validate> {
  const [{ parseSubmission }, { translator }, catalog, loaded] = await Promise.all([
    import("~/utils/form-submission"),
    import("~/i18n/translate"),
    lang === "ar" ? import("~/i18n/locales/ar/errors") : import("~/i18n/locales/en/errors"),
    schema(),
  ]);
  const t = translator(lang, catalog.default);
  return (form) => parseSubmission(form, loaded, (key) => t(key)) as ReturnType<Validate>;
}

/** Everything is sent to the server, which decides (before the schema has arrived). */
const sendAsIs: Validate = (form) => parse(form, { resolve: (value) => ({ value }) });

export interface ValidatedFormOptions<S extends ZodType> {
  /** A stable name for the schema (one per form kind), e.g. "sign-in". */
  name: string;
  /** Fetches the schema the action parses, e.g. `() => import("…-schemas").then((m) => m.x)`. */
  schema: () => Promise<S>;
  /** The action's reply for this form (see replyFor when a page holds several forms). */
  lastResult?: FormReply;
  /** The values the form starts with (an edited record); the reply's values win. */
  defaultValue?: Partial<Record<keyof z.input<S> & string, unknown>>;
  id?: string;
  /**
   * When a field is first checked: as it is left (the default), or only when the form is sent
   * (a chat box left empty is not a mistake until they press Send). Corrections are re-checked as
   * they are typed either way.
   */
  validateOn?: "onBlur" | "onSubmit";
}

/**
 * Conform's form for a schema: `form` (its errors, e.g. `form.errors`), `fields` (each field's
 * name, initial value and errors) and `formProps` to spread on the <Form>. Browser validation is
 * turned off (`noValidate`) only once this code runs, so a page without JavaScript still has the
 * browser's own checks of `required` and `type="email"`.
 */
export function useValidatedForm<S extends ZodType>({
  name,
  schema,
  lastResult,
  defaultValue,
  id,
  validateOn = "onBlur",
}: ValidatedFormOptions<S>) {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const validate = useRef<Validate>(sendAsIs);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    const key = `${lang}:${name}`;
    let loading = validators.get(key);
    if (!loading) {
      loading = loadValidator(lang, schema);
      validators.set(key, loading);
      loading.catch(() => validators.delete(key));
    }
    loading.then(
      (loaded) => {
        if (!live) return;
        validate.current = loaded;
        setReady(true);
      },
      () => {}, // offline: the action still checks everything
    );
    return () => {
      live = false;
    };
  }, [lang, name, schema]);

  const [form, fields] = useForm<z.input<S> & Record<string, unknown>, string[]>({
    id,
    lastResult,
    defaultValue: defaultValue as never,
    shouldValidate: validateOn,
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => validate.current(formData) as never,
  });
  const formProps = {
    ...getFormProps(form),
    noValidate: ready,
    "data-validated": ready ? "" : undefined,
  };
  return { form, fields, formProps };
}

/** The props our <Field> needs from Conform's field: its name, first value and first error. */
export function fieldProps(field: FieldMetadata<unknown, Record<string, unknown>, string[]>) {
  const initial = field.initialValue;
  return {
    name: field.name,
    defaultValue: typeof initial === "string" ? initial : undefined,
    error: field.errors?.[0],
  };
}
