import { getFormProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { AuditTrail } from "~/components/admin/AuditTrail";
import { ContentNav } from "~/components/admin/ContentFields";
import { DataTable } from "~/components/admin/DataTable";
import { RecordHeading } from "~/components/admin/RecordHeading";
import { Field, FormMessage } from "~/components/forms/Field";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { useReplyFor } from "~/components/forms/reply-for";
import { useTranslation } from "~/hooks/use-translation";
import type { Locale } from "~/lib/i18n";
import { auditTrail } from "~/models/audit/audit.server";
import { countLimit, fieldLimit, fieldValues, HomeFieldsSchema, HomeMoveSchema, HomeVisibilitySchema, isHomeLinkField, type HomeFieldName } from "~/models/home/home-form";
import { listHomeRows, moveHomeSection, setHomeFields, setHomeVisibility, type Refusal } from "~/models/home/home-admin.server";
import { DEFAULT_ORDER, DEFAULT_SHELF_COUNT, DEFAULT_TEASER_COUNT, fieldsOf, HOME_SECTION_KINDS, rowsForLanguage, siteOrder, type HomeSectionKind, type HomeSectionRow } from "~/models/home/sections";
import { staffFor } from "~/web/admin/guard.server";
import { refused, staleRefusal } from "~/web/admin/replies.server";
import { parseForm } from "~/web/form-reply.server";
import { routeCheckFailed } from "~/web/not-found";
import { adminTitle } from "~/web/admin/page-title";

// /admin/content/home/:code?lang=lt (catalogue and owners): a site's home
// page. The sections in their order, each moved up or down (in every
// language), shown or hidden in every language or in one; below, each
// section's fields for every language or, with ?lang, for one language,
// whose own texts then replace the every-language ones there. The same use
// cases as `npm run admin -- home`; every server shows a change within a
// second (the table moves the shell's version).

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => adminTitle(matches, data?.site.name);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await staffFor(request, context, "content.manage");
  const found = await listHomeRows(params.code ?? "");
  if (!found) throw routeCheckFailed(request);
  const { site, rows, version } = found;
  const url = new URL(request.url);
  const scope = site.languages.find((l) => l.iso_code === url.searchParams.get("lang"))?.iso_code ?? null;
  const languages = site.languages.map((l) => l.iso_code as Locale);
  const held: HomeSectionRow[] = rows.length === 0 ? DEFAULT_ORDER.map((kind, i) => ({ id: 0, kind, language_id: null, position: i + 1, is_visible: true, content: {} })) : rows;
  const order = siteOrder(rows);
  const shownIn = (languageId: number) => new Set(rowsForLanguage(held, languageId).filter((row) => row.is_visible).map((row) => row.kind));
  const shown = Object.fromEntries(site.languages.map((l) => [l.iso_code, shownIn(l.id)]));
  const scopeId = scope === null ? null : site.languages.find((l) => l.iso_code === scope)!.id;
  const sections = order.map((kind, index) => {
    const shared = held.find((row) => row.kind === kind && row.language_id === null);
    const own = scopeId === null ? undefined : held.find((row) => row.kind === kind && row.language_id === scopeId);
    return {
      kind,
      place: index + 1,
      shownIn: languages.filter((language) => shown[language]!.has(kind)),
      content: ((own ?? shared)?.content ?? {}) as Record<string, unknown>,
      hasOwn: own !== undefined,
      /** With every language in view: the languages whose own row is shown instead. */
      replacedIn: scopeId === null ? site.languages.filter((l) => held.some((row) => row.kind === kind && row.language_id === l.id)).map((l) => l.iso_code as Locale) : [],
    };
  });
  return {
    site: { code: site.code, name: site.name, languages },
    version: version ? version.toISOString() : "",
    scope: scope as Locale | null,
    sections,
    missing: HOME_SECTION_KINDS.filter((kind) => !order.includes(kind)),
    trail: await auditTrail("home", site.code),
    done: url.searchParams.get("done"),
  };
}

/** A refusal of a change in the form that asked for it; a site gone meanwhile is not found. */
function refusalOf(request: Request, submission: Parameters<typeof refused>[0], locale: string, result: Refusal, form: string) {
  if (result.refused === "no-site") throw routeCheckFailed(request);
  if (result.refused === "stale") return staleRefusal(submission, locale, result.stale, form);
  const key = result.refused === "no-place" ? "home.noPlace" : result.refused === "no-language" ? "home.noLanguage" : "home.noSection";
  return refused(submission, locale, key, { sections: result.refused === "no-place" ? (result.sections ?? 0) : 0 }, 409, form);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { staff, actor } = await staffFor(request, context, "content.manage");
  const code = params.code ?? "";
  const formData = await request.formData();
  const intent = formData.get("intent");
  const kind = String(formData.get("kind") ?? "");
  const language = String(formData.get("language") ?? "");
  const back = (done: string, anchor: string) => redirect(`/admin/content/home/${code}?${new URLSearchParams({ ...(language ? { lang: language } : {}), done })}#${anchor}`, 303);
  const seen = (version: string | undefined) => (version ? new Date(version) : null);
  if (intent === "move") {
    const form = `move-${kind}`;
    const { submission, value, failure } = parseForm(formData, HomeMoveSchema, { form });
    if (failure) return failure;
    const moved = await moveHomeSection(actor, code, value.kind, value.to, seen(value.version));
    if ("refused" in moved) return refusalOf(request, submission, staff.locale, moved, form);
    return redirect(`/admin/content/home/${code}?done=moved#order`, 303);
  }
  if (intent === "visibility") {
    const form = `visibility-${kind}`;
    const { submission, value, failure } = parseForm(formData, HomeVisibilitySchema, { form });
    if (failure) return failure;
    const changed = await setHomeVisibility(actor, code, value.kind, value.visible === "show", value.language, seen(value.version));
    if ("refused" in changed) return refusalOf(request, submission, staff.locale, changed, form);
    return redirect(`/admin/content/home/${code}?done=${value.visible === "show" ? "shown" : "hidden"}#order`, 303);
  }
  const form = `fields-${kind}`;
  const { submission, value, failure } = parseForm(formData, HomeFieldsSchema, { form });
  if (failure) return failure;
  const values = fieldValues(value);
  if (!values) return refused(submission, staff.locale, "home.noSection", undefined, 400, form);
  const saved = await setHomeFields(actor, code, value.kind, values, value.language, seen(value.version));
  if ("refused" in saved) return refusalOf(request, submission, staff.locale, saved, form);
  return back(`saved-${value.kind}`, form);
}

type Loaded = Awaited<ReturnType<typeof loader>>;
type SectionView = Loaded["sections"][number];

export default function HomeSite() {
  const { site, scope, sections, missing, trail, done } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const kindName = (kind: HomeSectionKind) => t(`admin.home.kinds.${kind}`);
  const languageName = (locale: Locale) => t(`admin.content.languages.${locale}`);
  const scopes: Array<Locale | null> = [null, ...site.languages];
  return (
    <div className="flex flex-col gap-6">
      <RecordHeading back={{ to: "/admin/content/home", label: t("admin.home.title") }} title={t("admin.home.siteTitle", { site: site.name })} facts={site.code}>
        <p className="mt-2 max-w-3xl text-ink-muted">{t("admin.home.siteIntro")}</p>
      </RecordHeading>
      <ContentNav />
      <section aria-labelledby="order" className="flex flex-col gap-3">
        <h2 id="order" className="text-xl font-semibold">
          {t("admin.home.order")}
        </h2>
        <FormMessage success={done === "moved" ? t("admin.home.moved") : done === "shown" ? t("admin.home.shown") : done === "hidden" ? t("admin.home.hidden") : undefined} />
        <DataTable
          caption={t("admin.home.order")}
          rows={[...sections.map((section) => ({ ...section, onPage: true })), ...missing.map((kind) => ({ kind, place: 0, shownIn: [] as Locale[], onPage: false }))]}
          rowKey={(row) => row.kind}
          empty="—"
          columns={[
            { header: t("admin.home.place"), cell: (row) => (row.onPage ? row.place : "—"), numeric: true },
            { header: t("admin.home.section"), cell: (row) => <span className="font-medium">{kindName(row.kind)}</span> },
            {
              header: t("admin.home.shownIn"),
              cell: (row) => (row.shownIn.length === 0 ? t("admin.home.shownNowhere") : row.shownIn.length === site.languages.length ? t("admin.home.shownEverywhere") : row.shownIn.map(languageName).join(", ")),
            },
            { header: t("admin.home.move"), cell: (row) => (row.onPage ? <MoveForms kind={row.kind} place={row.place} last={sections.length} /> : "—") },
            { header: t("admin.home.visibility"), cell: (row) => <VisibilityForm kind={row.kind} onPage={row.onPage} /> },
          ]}
        />
      </section>
      <section aria-labelledby="fields" className="flex flex-col gap-4">
        <h2 id="fields" className="text-xl font-semibold">
          {t("admin.home.fieldsTitle")}
        </h2>
        <p className="max-w-3xl text-sm text-ink-muted">{t("admin.home.fieldsIntro")}</p>
        <nav aria-label={t("admin.content.language")} className="flex flex-wrap gap-2">
          {scopes.map((locale) => (
            <Link
              key={locale ?? "every"}
              to={locale ? `?lang=${locale}` : "?"}
              aria-current={locale === scope ? "page" : undefined}
              className={`rounded-lg border px-3 py-1.5 text-sm ${locale === scope ? "border-brand bg-surface font-semibold" : "border-line hover:bg-surface"}`}
            >
              {locale ? languageName(locale) : t("admin.home.everyLanguage")}
            </Link>
          ))}
        </nav>
        {sections.map((section) => (
          <FieldsForm key={`${section.kind}-${scope ?? ""}`} section={section} saved={done === `saved-${section.kind}`} />
        ))}
      </section>
      <AuditTrail entries={trail} />
    </div>
  );
}

/** Up and down: two forms, each moving the section one place, in every language. */
function MoveForms({ kind, place, last }: { kind: HomeSectionKind; place: number; last: number }) {
  const { version } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const id = `move-${kind}`;
  const reply = useReplyFor<typeof action>(id);
  const up = useSchemaForm(HomeMoveSchema, { id: `${id}-up-${version}`, lastResult: reply });
  const down = useSchemaForm(HomeMoveSchema, { id: `${id}-down-${version}`, lastResult: reply });
  const name = t(`admin.home.kinds.${kind}`);
  const button = (form: typeof up, to: number, label: string, aria: string) => (
    <Form method="post" {...getFormProps(form.form)}>
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="version" value={version} />
      <input type="hidden" name="to" value={to} />
      <button type="submit" className="button-secondary text-sm" aria-label={aria} disabled={form.busy}>
        {label}
      </button>
    </Form>
  );
  return (
    <div className="flex flex-col gap-1">
      <div className="flex gap-2">
        {place > 1 ? button(up, place - 1, t("admin.home.up"), t("admin.home.upOf", { section: name })) : null}
        {place < last ? button(down, place + 1, t("admin.home.down"), t("admin.home.downOf", { section: name })) : null}
      </div>
      <FormMessage errors={up.form.errors} />
    </div>
  );
}

/** Show or hide a section, in every language or in the one chosen. */
function VisibilityForm({ kind, onPage }: { kind: HomeSectionKind; onPage: boolean }) {
  const { version, site } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const id = `visibility-${kind}`;
  const { form, fields, busy } = useSchemaForm(HomeVisibilitySchema, { id: `${id}-${version}`, lastResult: useReplyFor<typeof action>(id) });
  const select = getSelectProps(fields.language as FieldMetadata<string | undefined>);
  const name = t(`admin.home.kinds.${kind}`);
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-1">
      <input type="hidden" name="intent" value="visibility" />
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="version" value={version} />
      <div className="flex flex-wrap items-center gap-2">
        {onPage ? (
          <>
            <label htmlFor={fields.language.id} className="sr-only">
              {t("admin.home.visibilityIn", { section: name })}
            </label>
            <select {...select} key={select.key} className="field-input">
              <option value="">{t("admin.home.everyLanguage")}</option>
              {site.languages.map((locale) => (
                <option key={locale} value={locale}>
                  {t(`admin.content.languages.${locale}`)}
                </option>
              ))}
            </select>
          </>
        ) : null}
        <button type="submit" name="visible" value="show" className="button-secondary text-sm" aria-label={t("admin.home.showOf", { section: name })} disabled={busy}>
          {t("admin.home.show")}
        </button>
        {onPage ? (
          <button type="submit" name="visible" value="hide" className="button-secondary text-sm" aria-label={t("admin.home.hideOf", { section: name })} disabled={busy}>
            {t("admin.home.hide")}
          </button>
        ) : null}
      </div>
      <FormMessage errors={form.errors} />
    </Form>
  );
}

/** A section's fields for the language in view (or every language): empty takes the shop's own text, or the default count. */
function FieldsForm({ section, saved }: { section: SectionView; saved: boolean }) {
  const { version, scope } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const id = `fields-${section.kind}`;
  const names = fieldsOf(section.kind) as HomeFieldName[];
  const { form, fields, busy } = useSchemaForm(HomeFieldsSchema, {
    id: `${id}-${scope ?? ""}-${version}`,
    lastResult: useReplyFor<typeof action>(id),
    defaultValue: Object.fromEntries(names.map((name) => [name, section.content[name] === undefined ? "" : String(section.content[name])])) as never,
  });
  const name = t(`admin.home.kinds.${section.kind}`);
  const defaultCount = section.kind === "blog_teasers" ? DEFAULT_TEASER_COUNT : DEFAULT_SHELF_COUNT;
  const hint = (field: HomeFieldName) =>
    field === "count"
      ? t("admin.home.countHint", { max: countLimit(section.kind), count: defaultCount })
      : isHomeLinkField(field)
        ? t("admin.home.linkHint")
        : t("admin.home.textHint", { max: fieldLimit(field) });
  const note = scope
    ? section.hasOwn
      ? t("admin.home.ownTexts", { language: t(`admin.content.languages.${scope}`) })
      : t("admin.home.sharedTexts", { language: t(`admin.content.languages.${scope}`) })
    : section.replacedIn.length > 0
      ? t("admin.home.replacedIn", { languages: section.replacedIn.map((locale) => t(`admin.content.languages.${locale}`)).join(", ") })
      : null;
  return (
    <Form method="post" {...getFormProps(form)} aria-labelledby={id} className="flex max-w-3xl flex-col gap-3 rounded-lg bg-surface p-4 shadow-sm">
      <h3 id={id} className="scroll-mt-4 text-lg font-semibold">
        {name}
      </h3>
      {note ? <p className="text-sm text-ink-muted">{note}</p> : null}
      <input type="hidden" name="intent" value="fields" />
      <input type="hidden" name="kind" value={section.kind} />
      <input type="hidden" name="language" value={scope ?? ""} />
      <input type="hidden" name="version" value={version} />
      {names.map((field) => (
        <Field
          key={field}
          field={fields[field]}
          label={t(`admin.home.fields.${field}`)}
          hint={hint(field)}
          inputMode={field === "count" ? "numeric" : undefined}
          spellCheck={isHomeLinkField(field) ? false : undefined}
          autoComplete="off"
          values={{ max: field === "count" ? countLimit(section.kind) : fieldLimit(field) }}
        />
      ))}
      <FormMessage errors={form.errors} success={saved && !form.errors ? t("admin.home.saved", { section: name }) : undefined} />
      <button type="submit" className="button-primary self-start" disabled={busy}>
        {t("admin.home.save", { section: name })}
      </button>
    </Form>
  );
}
