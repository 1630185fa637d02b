import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useMemo } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { FormMessage } from "~/components/forms/Field";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { ResponsiveImage } from "~/components/ResponsiveImage";
import { useTranslation } from "~/hooks/use-translation";
import {
  descriptionField,
  DESCRIPTION_MAX,
  listingSchema,
  MAX_PHOTOS,
  nameField,
  PHOTO_TYPES,
  TITLE_MAX,
  TITLE_MIN,
  type ListingChoices,
  type ListingFormValues,
} from "~/models/pro/listing";
import type { ListingCategoryChoice } from "~/models/pro/listings.server";

type Language = { iso: string; title: string };

export type ListingFormProps = {
  id: number | "new";
  languages: Language[];
  categories: ListingCategoryChoice[];
  photos: string[];
  choices: ListingChoices;
  defaults: Record<string, string | string[]>;
  lastResult?: (Parameters<typeof useSchemaForm>[1]["lastResult"] & { filesAgain?: boolean; stockNow?: number }) | null;
};

function FieldError({ field, text }: { field: FieldMetadata<unknown>; text: (key: string) => string }) {
  const error = field.errors?.[0];
  if (!error) return null;
  return (
    <p id={field.errorId} className="text-sm font-medium text-danger">
      {text(error)}
    </p>
  );
}

/**
 * A listing's title and description in each of the site's languages, its
 * price, stock, category with that category's options, and photos: a plain
 * multipart POST checked by the same schema in the browser and on the server.
 */
export function ListingForm({ id, languages, categories, photos, choices, defaults, lastResult }: ListingFormProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const schema = useMemo(() => listingSchema(choices), [choices]);
  const { form, fields, busy } = useSchemaForm<ListingFormValues>(schema as never, { id: "listing", lastResult, defaultValue: defaults as never });
  // The title's least length and the most photos are counts: a text's form follows the one it names.
  const text = (key: string) => t(key, { min: TITLE_MIN, max: MAX_PHOTOS, stock: lastResult?.stockNow ?? "", count: key === "pro.errors.titleShort" ? TITLE_MIN : MAX_PHOTOS });
  const chosenCategory = String(fields.category.value ?? fields.category.initialValue ?? "");
  const category = categories.find((c) => String(c.id) === chosenCategory) ?? null;
  const optionValues = fields.options.initialValue;
  const chosenOptions = new Set(Array.isArray(optionValues) ? optionValues.map(String) : optionValues ? [String(optionValues)] : []);
  const removeValues = fields.remove.initialValue;
  const removed = new Set(Array.isArray(removeValues) ? removeValues.map(String) : removeValues ? [String(removeValues)] : []);
  const groups = [...new Set(categories.map((c) => c.group))];
  const price = getInputProps(fields.price, { type: "text", ariaDescribedBy: `${fields.price.id}-hint` });
  const stock = getInputProps(fields.stock, { type: "text", ariaDescribedBy: `${fields.stock.id}-hint` });
  const select = getSelectProps(fields.category);
  const photoInput = getInputProps(fields.photos, { type: "file", ariaDescribedBy: `${fields.photos.id}-hint` });

  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="flex max-w-3xl flex-col gap-8">
      <FormMessage errors={form.errors?.map(text)} />
      {lastResult?.filesAgain ? (
        <p role="alert" className="rounded-lg border border-danger bg-danger-soft px-4 py-3 text-sm font-medium text-danger">
          {t("pro.filesAgain")}
        </p>
      ) : null}

      <fieldset className="flex flex-col gap-5">
        <legend className="mb-2 text-lg font-semibold">{t("pro.textsLegend")}</legend>
        {languages.map((language) => {
          // conform's fields answer every name the form has.
          const name = fields[nameField(language.iso)]!;
          const description = fields[descriptionField(language.iso)]!;
          const nameProps = getInputProps(name, { type: "text" });
          const descriptionProps = getTextareaProps(description);
          return (
            <div key={language.iso} lang={language.iso === "ee" ? "et" : language.iso} className="flex flex-col gap-3 rounded-xl border border-line p-4">
              <div className="flex flex-col gap-1">
                <label htmlFor={name.id} className="font-medium">
                  {t("pro.nameLabel", { language: language.title })}
                </label>
                <input {...nameProps} key={nameProps.key} maxLength={TITLE_MAX} className="field-input" />
                <FieldError field={name} text={text} />
              </div>
              <div className="flex flex-col gap-1">
                <label htmlFor={description.id} className="font-medium">
                  {t("pro.descriptionLabel", { language: language.title })}
                </label>
                <textarea {...descriptionProps} key={descriptionProps.key} rows={6} maxLength={DESCRIPTION_MAX} className="field-input" />
                <FieldError field={description} text={text} />
              </div>
            </div>
          );
        })}
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold">{t("pro.priceLegend")}</legend>
        <div className="flex flex-col gap-1">
          <label htmlFor={fields.price.id} className="font-medium">
            {t("pro.priceLabel")}
          </label>
          <input {...price} key={price.key} inputMode="decimal" autoComplete="off" className="field-input" />
          <p id={`${fields.price.id}-hint`} className="text-sm text-ink-muted">
            {t("pro.priceHint")}
          </p>
          <FieldError field={fields.price} text={text} />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={fields.stock.id} className="font-medium">
            {t("pro.stockLabel")}
          </label>
          <input {...stock} key={stock.key} inputMode="numeric" autoComplete="off" className="field-input" />
          <p id={`${fields.stock.id}-hint`} className="text-sm text-ink-muted">
            {t("pro.stockHint")}
          </p>
          <FieldError field={fields.stock} text={text} />
          <input {...getInputProps(fields.stock_seen, { type: "hidden" })} key={fields.stock_seen.key} />
        </div>
      </fieldset>

      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-lg font-semibold">{t("pro.categoryLegend")}</legend>
        <div className="flex flex-col gap-1">
          <label htmlFor={fields.category.id} className="font-medium">
            {t("pro.categoryLabel")}
          </label>
          <div className="flex flex-wrap items-center gap-3">
            <select {...select} key={select.key} className="field-input min-w-64">
              <option value="">{t("pro.chooseCategory")}</option>
              {groups.map((group) => (
                <optgroup key={group} label={group}>
                  {categories
                    .filter((c) => c.group === group)
                    .map((c) => (
                      <option key={c.id} value={String(c.id)}>
                        {c.name}
                      </option>
                    ))}
                </optgroup>
              ))}
            </select>
            {/* Without JavaScript the fields below follow the category once the form comes back. */}
            {hydrated ? null : (
              <button type="submit" name="intent" value="category" formNoValidate className="button-secondary">
                {t("pro.showFields")}
              </button>
            )}
          </div>
          <FieldError field={fields.category} text={text} />
        </div>
        {category ? (
          category.fields.length ? (
            category.fields.map((field) => (
              <fieldset key={`${category.id}-${field.id}-${fields.options.key ?? ""}`} className="rounded-xl border border-line p-4">
                <legend className="px-1 font-medium">{field.name}</legend>
                <div className="flex flex-wrap gap-x-5 gap-y-2">
                  {field.options.map((option) => (
                    <label key={option.id} className="flex items-center gap-2">
                      <input
                        type="checkbox"
                        name={fields.options.name}
                        value={String(option.id)}
                        defaultChecked={chosenOptions.has(String(option.id))}
                        className="size-4 accent-[var(--sf-brand)]"
                      />
                      {option.label}
                    </label>
                  ))}
                </div>
              </fieldset>
            ))
          ) : (
            <p className="text-ink-muted">{t("pro.noFields")}</p>
          )
        ) : null}
      </fieldset>

      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-lg font-semibold">{t("pro.photosLegend")}</legend>
        {photos.length ? (
          <ul className="flex flex-wrap gap-4">
            {photos.map((photo, index) => (
              <li key={`${photo}-${fields.remove.key ?? ""}`} className="flex w-28 flex-col items-start gap-1">
                <ResponsiveImage src={photo} alt={t("pro.photoAlt", { n: index + 1 })} preset="thumbnail" width={96} height={96} className="size-24 rounded-lg border border-line object-cover" />
                <label className="flex items-center gap-2 text-sm">
                  <input type="checkbox" name={fields.remove.name} value={photo} defaultChecked={removed.has(photo)} className="size-4 accent-[var(--sf-brand)]" />
                  {t("pro.removePhoto", { n: index + 1 })}
                </label>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="flex flex-col gap-1">
          <label htmlFor={fields.photos.id} className="font-medium">
            {t("pro.addPhotos")}
          </label>
          <input {...photoInput} key={photoInput.key} multiple accept={PHOTO_TYPES.join(",")} className="field-input" />
          <p id={`${fields.photos.id}-hint`} className="text-sm text-ink-muted">
            {t("pro.photosHint", { max: MAX_PHOTOS })}
          </p>
          <FieldError field={fields.photos} text={text} />
        </div>
      </fieldset>

      <button type="submit" className="button-primary self-start" disabled={busy}>
        {id === "new" ? t("pro.create") : t("pro.save")}
      </button>
    </Form>
  );
}
