import type { FieldMetadata } from "@conform-to/react";
import { Field, SelectField } from "~/components/forms/Field";
import { useTranslation } from "~/hooks/use-translation";
import { LOCALES, type Locale } from "~/lib/i18n";

// What the new-category and category forms share: the slug, the parent, the
// order among siblings, and the name and page title in each language, side
// by side so a rename in one language is seen beside the others.

type CategoryChoice = { id: number; depth: number; path: string; texts: Partial<Record<Locale, { name: string }>> };
type Fields = Record<"slug" | "parent" | "position" | `name_${Locale}` | `title_${Locale}`, FieldMetadata<string | number | undefined>>;

/** A category as a choice of parent: its English name, indented by depth, and its address. */
export function categoryLabel(category: CategoryChoice) {
  return `${"— ".repeat(category.depth)}${category.texts.en?.name ?? category.path} (/c/${category.path})`;
}

export function CategoryFields({ fields, parents }: { fields: Fields; parents: CategoryChoice[] }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field field={fields.slug} label={t("admin.categories.slug")} hint={t("admin.categories.slugHint")} />
        <SelectField field={fields.parent} label={t("admin.categories.parent")} options={[{ value: "", label: t("admin.categories.top") }, ...parents.map((parent) => ({ value: String(parent.id), label: categoryLabel(parent) }))]} />
        <Field field={fields.position} label={t("admin.categories.position")} hint={t("admin.categories.positionHint")} inputMode="numeric" />
      </div>
      {LOCALES.map((locale) => (
        <fieldset key={locale} className="grid gap-3 rounded border border-line p-3 sm:grid-cols-2">
          <legend className="px-1 font-semibold">{t(`admin.content.languages.${locale}`)}</legend>
          <Field field={fields[`name_${locale}`]} label={t("admin.categories.name")} />
          <Field field={fields[`title_${locale}`]} label={t("admin.categories.pageTitle")} hint={t("admin.categories.pageTitleHint")} />
        </fieldset>
      ))}
    </>
  );
}
