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
      {/* Each teaser's looks are the `teasers` rules in tailwind.css, by the parts' places. */}
      <ul className="teasers mt-4 grid gap-4 sm:grid-cols-3">
        {posts.map((post) => (
          <li key={post.slug}>
            {post.image ? <ResponsiveImage src={post.image} alt="" preset="blog" /> : null}
            <div>
              <time dateTime={new Date(post.published_at).toISOString()}>{formatDate(post.published_at)}</time>
              <h3>
                <LocaleLink to={`/blog/${post.slug}`}>{post.title}</LocaleLink>
              </h3>
              <p>{post.excerpt}</p>
            </div>
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}
