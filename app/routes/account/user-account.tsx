import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/hooks/use-translation";
import { AccountMenu } from "~/components/account/AccountLayout";
import { defineGuards } from "~/web/guards.server";
import { openPage } from "~/web/page-start.server";
import { intlLocale } from "~/lib/i18n";
import { formatMoney } from "~/lib/money";
import { privatePage } from "~/web/private-page";
import { getAccount } from "~/models/accounts/users.server";

// /user-account: the account's own page, which the phone layout opens from
// the header's account icon: who is signed in, the balance, and the menu.
const guard = defineGuards("auth", "account-mobile");

export const headers = privatePage.headers;
export const meta = privatePage.meta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, locale, t } = await openPage(guard, { request, params });
  const account = await getAccount(user.id);
  return {
    title: t("account.title"),
    name: `${account.first_name} ${account.last_name}`.trim(),
    email: account.email,
    balance: formatMoney(account.balance_minor, "EUR", intlLocale(locale)),
  };
}

export default function UserAccount() {
  const { title, name, email, balance } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-md px-4 py-8">
      <h1 className="text-2xl font-bold">{title}</h1>
      <div className="mt-4 rounded-2xl bg-brand-soft p-5">
        <p className="text-lg font-semibold">{name || email}</p>
        <p className="text-sm text-ink-muted">{email}</p>
        <p className="mt-3">
          {t("account.balance")}: <strong className="text-lg">{balance}</strong>
        </p>
      </div>
      <AccountMenu className="mt-6" />
    </div>
  );
}
