import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/hooks/use-translation";
import { AccountLayout } from "~/components/account/AccountLayout";
import { EntryAmount, EntryFacts, EntryLabel } from "~/components/account/BalanceHistory";
import { LocaleLink } from "~/components/LocaleLink";
import { balanceEntryDisplayId } from "~/models/balance/balance-entry";
import { defineGuards } from "~/web/guards.server";
import { i18nServer } from "~/platform/i18n.server";
import { localeParam } from "~/web/locale-param";
import { notFound } from "~/web/not-found";
import { privatePage } from "~/web/private-page";
import { getBalanceEntry } from "~/models/balance/balance.server";

// /balance-history/{id}: one movement of the balance. Only its owner finds
// it; anyone else's id, or one that is not a number, is not found.
const guard = defineGuards("auth");
const ID = /^[1-9]\d{0,14}$/;

export const headers = privatePage.headers;
export const meta = privatePage.meta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await guard({ request, params });
  const id = params.id ?? "";
  if (!ID.test(id)) throw notFound(request);
  const [t, entry] = await Promise.all([i18nServer.getFixedT(localeParam(params)), getBalanceEntry(user.id, Number(id))]);
  if (!entry) throw notFound(request);
  return { title: t("balance.entryTitle", { id: balanceEntryDisplayId(entry) }), entry };
}

export default function BalanceEntryPage() {
  const { title, entry } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <AccountLayout title={title}>
      <article className="max-w-xl rounded-xl border border-line bg-surface p-5 shadow-sm sm:p-6">
        <div className="flex flex-wrap items-baseline justify-between gap-3 border-b border-line pb-4">
          <h2 className="text-lg font-semibold">
            <EntryLabel entry={entry} />
          </h2>
          <EntryAmount entry={entry} className="text-2xl" />
        </div>
        <EntryFacts entry={entry} withId={false} className="mt-4" />
      </article>
      <p className="mt-6">
        <LocaleLink to="/balance-history" className="link font-medium">
          ← {t("balance.back")}
        </LocaleLink>
      </p>
    </AccountLayout>
  );
}
