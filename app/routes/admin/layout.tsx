import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Outlet, useLoaderData, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { DeferredErrorScreen } from "~/components/DeferredErrorScreen";
import { AdminShell } from "~/components/admin/AdminShell";
import { TextsProvider, useTranslation } from "~/hooks/use-translation";
import { can, PERMISSIONS, type Permission } from "~/models/staff/roles";
import { adminLocale, adminLocaleOfRequest, adminPageTexts } from "~/platform/admin-texts.server";
import { staffSessionOf } from "~/web/admin/guard.server";

// Every /admin page sits in this layout: the staff's own texts (apart from
// the shop's, docs/back-office.md) and, once signed in, the menu of what
// their role opens. Each page guards itself (web/admin/guard.server.ts);
// this layout only reads who is asking, to draw the menu.

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await staffSessionOf(request);
  const staff = session?.verified ? session.staff : null;
  const locale = staff ? adminLocale(staff.locale) : adminLocaleOfRequest(request);
  const allowed = staff ? PERMISSIONS.filter((permission) => can(staff.role, permission)) : [];
  return { locale, texts: adminPageTexts(locale), staff: staff && { name: staff.name, role: staff.role }, allowed: allowed as Permission[] };
}

/** Nothing of the back office is stored by a shared cache or kept for the next person at the keyboard. */
export const headers: HeadersFunction = () => ({ "cache-control": "private, no-store", "x-robots-tag": "noindex" });

export const meta: MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

export default function AdminLayout() {
  const { texts, staff, allowed } = useLoaderData<typeof loader>();
  return (
    <TextsProvider texts={texts}>
      <AdminShell staff={staff} allowed={allowed}>
        <Outlet />
      </AdminShell>
    </TextsProvider>
  );
}

/**
 * A page the role does not open says so inside the back office's frame;
 * anything else (the 404 a guest or customer gets) is the shop's own error
 * screen, so nothing tells an outsider there is a back office here.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>("routes/admin/layout");
  if (isRouteErrorResponse(error) && error.status === 403 && data) {
    return (
      <TextsProvider texts={data.texts}>
        <AdminShell staff={data.staff} allowed={data.allowed}>
          <Forbidden />
        </AdminShell>
      </TextsProvider>
    );
  }
  return <DeferredErrorScreen />;
}

function Forbidden() {
  const { t } = useTranslation();
  return (
    <p role="alert" className="rounded-lg border border-danger bg-danger-soft px-4 py-3 font-medium text-danger">
      {t("admin.forbidden")}
    </p>
  );
}
