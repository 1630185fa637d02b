import { getFormProps, getInputProps, type FieldMetadata } from "@conform-to/react";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { TrailSection } from "~/components/admin/AuditTrail";
import { TypedField } from "~/components/admin/TypedField";
import { RecordHeading } from "~/components/admin/RecordHeading";
import { Field, FormMessage, SelectField } from "~/components/forms/Field";
import { TextAreaField } from "~/components/forms/TextAreaField";
import { replyFor } from "~/components/forms/reply-for";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { useTranslation } from "~/hooks/use-translation";
import { isLocale, LOCALES } from "~/lib/i18n";
import { toDecimalString } from "~/lib/money";
import { addProductPictures, saveProductPictures, staffProduct, updateProduct, type ProductChange } from "~/models/product-editing/staff-products.server";
import { MAX_PICTURES, PicturesSchema, ProductEditSchema, UploadSchema } from "~/models/product-editing/product-form";
import { staffFor } from "~/web/admin/guard.server";
import { recordIdOf } from "~/web/admin/record-id";
import { refused, staleRefusal } from "~/web/admin/replies.server";
import { parseForm } from "~/web/form-reply.server";
import { routeCheckFailed } from "~/web/not-found";
import { doneMessage, recordOf } from "~/web/admin/record-page";
import { adminTitle } from "~/web/admin/page-title";

// /admin/products/:id: one product as staff edit it. Three forms, each
// carrying the product's version, so a change made on an older page is
// refused: the product (texts in the four languages, prices, stock, size,
// category, brand, fields, flags, on sale or not); its pictures' order,
// alternative texts and removals; and new pictures. What is saved is in
// every listing, search and product page within a second, on every server.

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => adminTitle(matches, data?.product.sku);

const DONE = { saved: "admin.products.savedDone", pictures: "admin.products.picturesDone", uploaded: "admin.products.uploadedDone" } as const;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { staff } = await staffFor(request, context, "catalogue.edit");
  const found = await recordOf(request, params.id, (id) => staffProduct(id, isLocale(staff.locale) ? staff.locale : "en"));
  return { ...found, done: doneMessage(request, DONE) };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { staff, actor } = await staffFor(request, context, "catalogue.edit");
  const id = recordIdOf(request, params.id);
  const formData = await request.formData();
  const answer = (result: ProductChange, submission: Parameters<typeof refused>[0], form: string, done: keyof typeof DONE) => {
    if (result.ok) return redirect(`/admin/products/${id}?done=${done}`, 303);
    if (result.error === "not_found") throw routeCheckFailed(request);
    if (result.error === "stale") return staleRefusal(submission, staff.locale, result, form);
    if (result.error === "stock_changed") return refused(submission, staff.locale, "products.stockChanged", { stock: result.stock }, 409, form);
    if (result.error === "picture_refused") return refused(submission, staff.locale, result.reason.endsWith("Size") ? "products.pictureSize" : "products.pictureType", undefined, 400, form);
    if (result.error === "too_many_pictures") return refused(submission, staff.locale, "products.tooManyPictures", { max: MAX_PICTURES }, 400, form);
    return refused(submission, staff.locale, `products.refused.${result.error}`, undefined, 409, form);
  };
  const intent = formData.get("intent");
  if (intent === "upload") {
    const { submission, value, failure } = parseForm(formData, UploadSchema, { form: "upload" });
    if (failure) return failure;
    const files = formData.getAll("files").filter((file): file is File => typeof file !== "string" && file.size > 0);
    if (!files.length) return refused(submission, staff.locale, "products.noFiles", undefined, 400, "upload");
    if (files.length > MAX_PICTURES) return refused(submission, staff.locale, "products.tooManyPictures", { max: MAX_PICTURES }, 400, "upload");
    return answer(await addProductPictures(actor, id, files, value.version), submission, "upload", "uploaded");
  }
  if (intent === "pictures") {
    const { submission, value, failure } = parseForm(formData, PicturesSchema, { form: "pictures" });
    if (failure) return failure;
    return answer(await saveProductPictures(actor, id, value.input, value.version), submission, "pictures", "pictures");
  }
  const { submission, value, failure } = parseForm(formData, ProductEditSchema, { form: "edit" });
  if (failure) return failure;
  return answer(await updateProduct(actor, id, value.input, value.version), submission, "edit", "saved");
}

/** Checkboxes of one list field (options, flags): plain inputs, checked as the form last had them. */
function Choices({ field, name, legend, choices }: { field: FieldMetadata<unknown>; name: string; legend: string; choices: { id: number; label: string }[] }) {
  const initial = field.initialValue;
  const checked = new Set((Array.isArray(initial) ? initial : initial === undefined ? [] : [initial]).map(String));
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {choices.map((choice) => (
          <label key={choice.id} className="flex items-center gap-2 text-sm">
            <input type="checkbox" name={name} value={choice.id} defaultChecked={checked.has(String(choice.id))} className="size-4 accent-[var(--sf-brand)]" />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export default function Product() {
  const { product, names, descriptions, optionIds, flagIds, pictures, choices, trail, done } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation();
  const forForm = (name: string) => replyFor(reply, name);
  const texts = Object.fromEntries(LOCALES.flatMap((locale) => [[`name_${locale}`, names[locale]], [`description_${locale}`, descriptions[locale]]]));
  // Forms named by the version they change: once a change is made, they start from the product as it is now.
  const edit = useSchemaForm(ProductEditSchema, {
    id: `product-${product.version}`,
    lastResult: forForm("edit"),
    defaultValue: {
      ...texts,
      price: toDecimalString(product.price_minor),
      originalPrice: product.original_price_minor > product.price_minor ? toDecimalString(product.original_price_minor) : "",
      stock: String(product.stock),
      weight: String(product.weight_grams),
      volume: String(product.volume_cm3),
      category: String(product.category_id),
      brand: product.manufacturer_id === null ? "" : String(product.manufacturer_id),
      options: optionIds.map(String),
      flags: flagIds.map(String),
      active: product.is_active ? "on" : undefined,
      // The fields as typed (strings); conform types a default by the schema's output.
    } as never,
  });
  const picturesForm = useSchemaForm(PicturesSchema, { id: `pictures-${product.version}`, lastResult: forForm("pictures") });
  const upload = useSchemaForm(UploadSchema, { id: `upload-${product.version}`, lastResult: forForm("upload") });
  const errors = [...(edit.form.errors ?? []), ...(picturesForm.form.errors ?? []), ...(upload.form.errors ?? [])];
  const fields = edit.fields as unknown as Record<string, FieldMetadata<string>>;
  const active = getInputProps(fields.active!, { type: "checkbox", value: "on" });
  return (
    <div className="flex flex-col gap-6">
      <RecordHeading
        back={{ to: "/admin/products", label: t("admin.products.title") }}
        title={names.en || product.sku}
        facts={
          <>
            {t("admin.products.sku")}: {product.sku} · {product.is_active ? t("admin.products.active") : t("admin.products.inactive")}
            {product.seller_id !== null ? ` · ${t("admin.products.sellers")}` : ""}
          </>
        }
      />
      <FormMessage errors={errors.length ? errors : undefined} success={done ? t(done) : undefined} />

      <Form method="post" {...getFormProps(edit.form)} className="flex flex-col gap-4 rounded-lg bg-surface p-4 shadow-sm">
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="version" value={product.version} />
        <input type="hidden" name="stockSeen" value={product.stock} />
        <h2 className="text-lg font-semibold">{t("admin.products.details")}</h2>
        {LOCALES.map((locale) => (
          <fieldset key={locale} className="flex flex-col gap-3 rounded border border-line p-3">
            <legend className="px-1 font-semibold">{t(`admin.products.languages.${locale}`)}</legend>
            <Field field={fields[`name_${locale}`]!} label={t("admin.products.nameIn", { language: t(`admin.products.languages.${locale}`) })} />
            <TextAreaField field={fields[`description_${locale}`]!} label={t("admin.products.descriptionIn", { language: t(`admin.products.languages.${locale}`) })} />
          </fieldset>
        ))}
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <TypedField field={fields.price!} label={t("admin.products.priceEuro")} />
          <TypedField field={fields.originalPrice!} label={t("admin.products.originalPrice")} />
          <TypedField field={fields.stock!} label={t("admin.products.stock")} inputMode="decimal" />
          <TypedField field={fields.weight!} label={t("admin.products.weight")} />
          <TypedField field={fields.volume!} label={t("admin.products.volume")} />
        </div>
        <p className="text-sm text-ink-muted">{t("admin.products.originalPriceHint")}</p>
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            field={fields.category!}
            label={t("admin.products.category")}
            options={choices.categories.map((category) => ({ value: String(category.id), label: `${"\u00a0\u00a0".repeat(category.depth)}${category.name}` }))}
          />
          <SelectField field={fields.brand!} label={t("admin.products.brand")} placeholder={t("admin.products.noBrand")} options={choices.brands.map((brand) => ({ value: String(brand.id), label: brand.name }))} />
        </div>
        {choices.fields.map((group) => (
          <Choices key={group.id} field={fields.options!} name="options" legend={group.name} choices={group.options} />
        ))}
        <Choices field={fields.flags!} name="flags" legend={t("admin.products.flags")} choices={choices.flags.map((flag) => ({ id: flag.id, label: flag.name }))} />
        <label htmlFor={active.id} className="flex items-center gap-2">
          <input {...active} key={active.key} className="size-4 accent-[var(--sf-brand)]" />
          {t("admin.products.onSaleBox")}
        </label>
        <button type="submit" className="button-primary self-start" disabled={edit.busy}>
          {t("admin.products.save")}
        </button>
      </Form>

      <section className="flex flex-col gap-3 rounded-lg bg-surface p-4 shadow-sm" aria-labelledby="pictures-title">
        <h2 id="pictures-title" className="text-lg font-semibold">
          {t("admin.products.pictures")}
        </h2>
        <p className="text-sm text-ink-muted">{t("admin.products.picturesHint")}</p>
        <Form method="post" {...getFormProps(picturesForm.form)} className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="pictures" />
          <input type="hidden" name="version" value={product.version} />
          <ol className="flex flex-col gap-4">
            {pictures.map((picture, index) => (
              <li key={picture.path} className="flex flex-col gap-3 border-t border-line pt-3 sm:flex-row">
                <img src={picture.path} alt={picture.alts.en ?? t("admin.products.pictureOf", { n: index + 1 })} className="size-32 shrink-0 rounded border border-line bg-surface object-contain" loading="lazy" />
                <input type="hidden" name={`pictures[${index}].path`} value={picture.path} />
                <div className="grid flex-1 gap-2 sm:grid-cols-2">
                  <label className="flex flex-col gap-1 text-sm font-medium">
                    {t("admin.products.position", { n: index + 1 })}
                    <input type="text" inputMode="numeric" name={`pictures[${index}].position`} defaultValue={index + 1} className="field-input w-24" />
                  </label>
                  <label className="flex items-center gap-2 self-end text-sm">
                    <input type="checkbox" name={`pictures[${index}].remove`} value="on" className="size-4 accent-[var(--sf-brand)]" />
                    {t("admin.products.removePicture", { n: index + 1 })}
                  </label>
                  {LOCALES.map((locale) => (
                    <label key={locale} className="flex flex-col gap-1 text-sm font-medium">
                      {t("admin.products.altIn", { n: index + 1, language: t(`admin.products.languages.${locale}`) })}
                      <input type="text" name={`pictures[${index}].alt_${locale}`} defaultValue={picture.alts[locale] ?? ""} maxLength={250} className="field-input" />
                    </label>
                  ))}
                </div>
              </li>
            ))}
          </ol>
          <button type="submit" className="button-primary self-start" disabled={picturesForm.busy}>
            {t("admin.products.savePictures")}
          </button>
        </Form>
        <Form method="post" encType="multipart/form-data" {...getFormProps(upload.form)} className="flex flex-col gap-2 border-t border-line pt-3">
          <input type="hidden" name="intent" value="upload" />
          <input type="hidden" name="version" value={product.version} />
          <label htmlFor="product-files" className="font-medium">
            {t("admin.products.addPictures")}
          </label>
          <input id="product-files" type="file" name="files" multiple accept="image/png,image/jpeg,image/gif,image/webp" aria-describedby="product-files-hint" className="text-sm" />
          <p id="product-files-hint" className="text-sm text-ink-muted">
            {t("admin.products.addPicturesHint", { max: MAX_PICTURES })}
          </p>
          <button type="submit" className="button-secondary self-start" disabled={upload.busy}>
            {t("admin.products.upload")}
          </button>
        </Form>
      </section>

      <TrailSection entries={trail} />
    </div>
  );
}
