import { Control } from "~/components/ui/field";
import { Icon } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/react";
import { ImagePicker } from "./image-picker";
import type { PhotoSelection } from "./use-photo-selection";

export interface ExistingImage {
  id: string;
  src: string;
  isPrimary: boolean;
}

/**
 * An edited listing's photos: which one comes first (`primaryImageId`) and which go
 * (`removedImageIds`), sent with the form; `onRemovedChange` keeps the picker's limit right.
 */
export function ExistingImages({
  images,
  onRemovedChange,
}: {
  images: ExistingImage[];
  onRemovedChange: (id: string, removed: boolean) => void;
}) {
  const { t } = useTranslation("listings");
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-ink">{t("form.currentImages")}</legend>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {images.map((image, index) => (
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
                onChange={(event) => onRemovedChange(image.id, event.currentTarget.checked)}
              />
              {t("form.removeImage")}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/**
 * The photos to add: without JavaScript (and until the form's code runs) a plain file input sent
 * with the form; after that the picker, which uploads each photo as it is chosen.
 */
export function PhotosField({
  hydrated,
  photos,
  busy,
  maxImages,
  error,
}: {
  hydrated: boolean;
  photos: PhotoSelection;
  busy: boolean;
  maxImages: number;
  error?: string;
}) {
  const { t } = useTranslation("listings");
  return (
    <Control
      name="images"
      label={t("form.images")}
      // With JavaScript the picker shows its own, fuller hint (limits, size, compression).
      hint={hydrated ? undefined : t("form.imagesHint", { max: maxImages })}
      error={error}
    >
      {(props) =>
        hydrated ? (
          <ImagePicker photos={photos} inputProps={props} busy={busy} />
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
  );
}
