import { Link, NavLink } from "@remix-run/react";
import type { ComponentProps } from "react";
import { BodyText } from "~/components/content/BodyText";
import { Field } from "~/components/forms/Field";
import { useTranslation } from "~/hooks/use-translation";
import { LOCALES, type Locale } from "~/lib/i18n";

// What the back office's content pages share: their own menu (pages, FAQ,
// the blog, the strip, the home page), the language a text is edited in, a
// long text's field, the published-or-draft choice and the server's preview
// of a text as the shop shows it. Plain links, labels and selects: keyboard and no-JavaScript alike.

const SECTIONS = [
  { to: "/admin/content/pages", label: "admin.content.pages" },
  { to: "/admin/content/faq", label: "admin.content.faq" },
  { to: "/admin/content/blog", label: "admin.content.blog" },
  { to: "/admin/content/strip", label: "admin.content.strip" },
  { to: "/admin/content/home", label: "admin.home.title" },
] as const;

export function ContentNav() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("admin.content.title")} className="flex flex-wrap gap-2 text-sm">
      {SECTIONS.map((section) => (
        <NavLink key={section.to} to={section.to} className={({ isActive }) => `rounded px-3 py-1.5 font-medium ${isActive ? "bg-surface shadow-sm" : "link"}`}>
          {t(section.label)}
        </NavLink>
      ))}
    </nav>
  );
}

/** Each language's text: published, a draft, or none yet; the one being edited is the current page. */
export function LanguageTabs({ current, status, href }: { current: Locale; status: Partial<Record<Locale, boolean>>; href: (locale: Locale) => string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("admin.content.language")} className="flex flex-wrap gap-2">
      {LOCALES.map((locale) => (
        <Link
          key={locale}
          to={href(locale)}
          aria-current={locale === current ? "page" : undefined}
          className={`rounded-lg border px-3 py-1.5 text-sm ${locale === current ? "border-brand bg-surface font-semibold" : "border-line hover:bg-surface"}`}
        >
          {t(`admin.content.languages.${locale}`)} · {t(status[locale] === undefined ? "admin.content.none" : status[locale] ? "admin.content.published" : "admin.content.draft")}
        </Link>
      ))}
    </nav>
  );
}

/** What search engines show of a text: its title there and its description, each with the hint that says how long. */
export function SeoFields({ title, description }: { title: ComponentProps<typeof Field>["field"]; description: ComponentProps<typeof Field>["field"] }) {
  const { t } = useTranslation();
  return (
    <>
      <Field field={title} label={t("admin.content.seoTitle")} hint={t("admin.content.seoTitleHint")} />
      <Field field={description} label={t("admin.content.seoDescription")} hint={t("admin.content.seoDescriptionHint")} />
    </>
  );
}

/** The two buttons of a text's form: look at it as the shop will show it, or save it. */
export function PreviewAndSave({ busy }: { busy: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap gap-3">
      <button type="submit" name="intent" value="preview" className="button-secondary" disabled={busy}>
        {t("admin.content.preview")}
      </button>
      <button type="submit" name="intent" value="save" className="button-primary" disabled={busy}>
        {t("admin.content.save")}
      </button>
    </div>
  );
}

/** The text as the shop will show it (after the sanitiser), and as a search engine lists it. */
export function ContentPreview({ preview }: { preview: { title: string; body: string; seoTitle: string; seoDescription: string } }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="content-preview" className="flex flex-col gap-3 rounded-lg border border-dashed border-line bg-surface p-4">
      <h2 id="content-preview" className="text-lg font-semibold">
        {t("admin.content.previewTitle")}
      </h2>
      <div className="rounded bg-surface-muted p-3 text-sm">
        <p className="text-ink-muted">{t("admin.content.searchResult")}</p>
        <p className="font-medium">{preview.seoTitle}</p>
        <p>{preview.seoDescription}</p>
      </div>
      <article className="max-w-3xl">
        <p className="text-2xl font-bold">{preview.title}</p>
        <BodyText body={preview.body} headingLevel={3} />
      </article>
    </section>
  );
}
