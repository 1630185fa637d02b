import { LocaleLink } from "~/components/LocaleLink";
import { ResponsiveImage } from "~/components/ResponsiveImage";
import { useTranslation } from "~/hooks/use-translation";
import { HomeSection } from "./HomeSection";
import { formatDate } from "~/lib/format";

type Teaser = { slug: string; image: string | null; title: string; excerpt: string; published_at: string | Date };

/** The newest posts the site shows, each a link to the post. */
export function BlogTeasers({ heading, posts }: { heading: string | undefined; posts: Teaser[] }) {
  const { t } = useTranslation();
  return (
    <HomeSection id="home-blog" heading={heading ?? t("home.blog")}>
      <ul className="mt-4 grid gap-4 sm:grid-cols-3">
        {posts.map((post) => (
          <li key={post.slug} className="overflow-hidden rounded-xl border border-line bg-surface">
            {post.image ? <ResponsiveImage src={post.image} alt="" preset="blog" className="aspect-video w-full object-cover" /> : null}
            <div className="p-4">
              <time dateTime={new Date(post.published_at).toISOString()} className="text-sm text-ink-muted">
                {formatDate(post.published_at)}
              </time>
              <h3 className="mt-1 font-semibold">
                <LocaleLink to={`/blog/${post.slug}`} className="hover:text-brand-strong">
                  {post.title}
                </LocaleLink>
              </h3>
              <p className="mt-2 text-sm text-ink-muted">{post.excerpt}</p>
            </div>
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}
