import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { ContentNav } from "~/components/admin/ContentFields";
import { useTranslation } from "~/hooks/use-translation";
import { staffFor } from "~/web/admin/guard.server";
import { adminMeta } from "~/web/admin/page-title";

// /admin/content: where the shop's words are written (catalogue and owners):
// the content pages, the FAQ, the blog, the notification strip and the home
// page's sections, each a page of its own.

export const meta = adminMeta("admin.content.title");

export async function loader({ request, context }: LoaderFunctionArgs) {
  await staffFor(request, context, "content.manage");
  return null;
}

const PARTS = [
  { to: "/admin/content/pages", title: "admin.content.pages", about: "admin.content.pagesAbout" },
  { to: "/admin/content/faq", title: "admin.content.faq", about: "admin.content.faqAbout" },
  { to: "/admin/content/blog", title: "admin.content.blog", about: "admin.content.blogAbout" },
  { to: "/admin/content/strip", title: "admin.content.strip", about: "admin.content.stripAbout" },
  { to: "/admin/content/home", title: "admin.home.title", about: "admin.home.about" },
] as const;

export default function Content() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">{t("admin.content.title")}</h1>
      <ContentNav />
      <p className="max-w-3xl text-ink-muted">{t("admin.content.intro")}</p>
      <ul className="grid gap-4 sm:grid-cols-3">
        {PARTS.map((part) => (
          <li key={part.to} className="rounded-lg bg-surface p-4 shadow-sm">
            <Link to={part.to} className="link text-lg font-semibold">
              {t(part.title)}
            </Link>
            <p className="mt-1 text-sm text-ink-muted">{t(part.about)}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
