import { getFormProps } from "@conform-to/react";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { DataTable } from "~/components/admin/DataTable";
import { Pager } from "~/components/admin/Pager";
import { Field, FormMessage, SelectField } from "~/components/forms/Field";
import { replyFor } from "~/components/forms/reply-for";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { useTranslation } from "~/hooks/use-translation";
import { REDIRECT_STATUSES, RedirectAddSchema, RedirectRemoveSchema } from "~/models/redirects/redirect-form";
import { removeRedirect, saveRedirect, staffRedirects } from "~/models/redirects/redirects.server";
import { staffFor } from "~/web/admin/guard.server";
import { refused, staleRefusal } from "~/web/admin/replies.server";
import { parseForm, replyWith } from "~/web/form-reply.server";
import { Filters, TextFilter } from "~/components/admin/Filters";
import { adminMeta } from "~/web/admin/page-title";

// /admin/redirects: the old addresses that send visitors on, by old path,
// found by any part of either address, 50 to a page; a form that adds one
// and a button on each that removes it. The same use cases as
// `npm run admin -- redirect`; one that would make a loop is refused.

export const meta = adminMeta("admin.redirects.title");

export async function loader({ request, context }: LoaderFunctionArgs) {
  await staffFor(request, context, "promotions.manage");
  const params = new URL(request.url).searchParams;
  const page = Number(params.get("page"));
  const result = await staffRedirects({ q: params.get("q")?.slice(0, 200) ?? undefined, page: Number.isInteger(page) && page > 0 ? page : 1 });
  const done = params.get("done");
  return { ...result, done: done === "added" ? "added" : done === "removed" ? "removed" : null };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { staff, actor } = await staffFor(request, context, "promotions.manage");
  const formData = await request.formData();
  if (formData.get("intent") === "remove") {
    const { submission, value, failure } = parseForm(formData, RedirectRemoveSchema, { form: "remove" });
    if (failure) return failure;
    const removed = await removeRedirect(actor, value.from, value.seen);
    if (removed.ok) return redirect("/admin/redirects?done=removed", 303);
    if (removed.error === "stale") return staleRefusal(submission, staff.locale, removed, "remove");
    return refused(submission, staff.locale, "redirects.gone", undefined, 409, "remove");
  }
  const { submission, value, failure } = parseForm(formData, RedirectAddSchema, { form: "add" });
  if (failure) return failure;
  const saved = await saveRedirect(actor, { from: value.from, to: value.to, status: Number(value.status) as 301 | 302 });
  if (saved.ok) return redirect(`/admin/redirects?${new URLSearchParams({ q: saved.redirect.from_path, done: "added" })}`, 303);
  // What fills the message's blanks: the loop's chain, or where the path goes now.
  const withValues = (answer: ReturnType<typeof replyWith>, values: Record<string, string>) => Object.assign(answer, { data: Object.assign(answer.data, { values }) });
  if (saved.error === "loop") return withValues(replyWith(submission, 409, { fields: { to: ["admin.redirects.loop"] } }, "add"), { chain: saved.chain.join(" → ") });
  if (saved.error === "exists") return withValues(replyWith(submission, 409, { fields: { from: ["admin.redirects.exists"] } }, "add"), { from: value.from, to: saved.to });
  return replyWith(submission, 400, { fields: { [saved.error === "bad_from" ? "from" : "to"]: [saved.error === "bad_from" ? "admin.redirects.fromFormat" : "admin.redirects.toFormat"] } }, "add");
}

export default function Redirects() {
  const { redirects, page, hasMore, done } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const [params] = useSearchParams();
  const { t } = useTranslation();
  const forForm = (name: string) => replyFor(reply, name);
  const values = reply && "values" in reply ? (reply.values as Record<string, string>) : undefined;
  const add = useSchemaForm(RedirectAddSchema, { id: "redirect-add", lastResult: forForm("add"), defaultValue: { status: "301" } as never });
  const remove = useSchemaForm(RedirectRemoveSchema, { id: "redirect-remove", lastResult: forForm("remove") });
  const errors = [...(add.form.errors ?? []), ...(remove.form.errors ?? [])];
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{t("admin.redirects.title")}</h1>
      <p className="text-ink-muted">{t("admin.redirects.intro")}</p>
      <FormMessage
        errors={errors.length ? errors : undefined}
        success={done === "added" ? t("admin.redirects.addedDone", { from: params.get("q") ?? "" }) : done === "removed" ? t("admin.redirects.removedDone") : undefined}
      />
      <Form method="post" {...getFormProps(add.form)} className="flex flex-col gap-3 rounded-lg bg-surface p-4 shadow-sm">
        <h2 className="font-semibold">{t("admin.redirects.addTitle")}</h2>
        <input type="hidden" name="intent" value="add" />
        <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto]">
          <Field field={add.fields.from} label={t("admin.redirects.from")} hint={t("admin.redirects.fromHint")} values={values} autoComplete="off" spellCheck={false} />
          <Field field={add.fields.to} label={t("admin.redirects.to")} hint={t("admin.redirects.toHint")} values={values} autoComplete="off" spellCheck={false} />
          <SelectField field={add.fields.status} label={t("admin.redirects.kind")} options={REDIRECT_STATUSES.map((value) => ({ value, label: t(`admin.redirects.kinds.${value}`) }))} />
        </div>
        <button type="submit" className="button-primary self-start" disabled={add.busy}>
          {t("admin.redirects.add")}
        </button>
      </Form>
      <Filters submit={t("admin.redirects.apply")}>
        <TextFilter label={t("admin.redirects.search")} value={params.get("q") ?? ""} maxLength={200} />
      </Filters>
      <DataTable
        caption={t("admin.redirects.title")}
        rows={redirects}
        rowKey={(row) => row.from_path}
        empty={t("admin.redirects.empty")}
        columns={[
          { header: t("admin.redirects.from"), cell: (row) => <span className="break-all font-medium">{row.from_path}</span> },
          { header: t("admin.redirects.to"), cell: (row) => <span className="break-all">{row.to_url}</span> },
          { header: t("admin.redirects.kind"), cell: (row) => t(`admin.redirects.kinds.${row.status}`) },
          { header: t("admin.redirects.created"), when: (row) => row.created_at },
          {
            header: t("admin.redirects.remove"),
            cell: (row) => (
              // One small form per row: each removes its own redirect, naming where the page showed it going.
              <Form method="post">
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="from" value={row.from_path} />
                <input type="hidden" name="seen" value={row.to_url} />
                <button type="submit" className="button-secondary text-sm" aria-label={t("admin.redirects.removeOf", { from: row.from_path })} disabled={remove.busy}>
                  {t("admin.redirects.remove")}
                </button>
              </Form>
            ),
          },
        ]}
      />
      <Pager page={page} hasMore={hasMore} label={t("admin.redirects.title")} />
    </div>
  );
}
