import { LocaleLink } from "~/components/LocaleLink";
import { ResponsiveImage } from "~/components/ResponsiveImage";
import { useTranslation } from "~/hooks/use-translation";

type Post = { slug: string; image: string | null; title: string; excerpt: string; published_at: string; date: string; author: string };

/** A post on /blog: image, title (the link), date, author and excerpt. */
export function PostCard({ post }: { post: Post }) {
  const { t } = useTranslation();
  return (
    <article className="flex flex-col overflow-hidden rounded-xl border border-line">
      {post.image ? <ResponsiveImage src={post.image} alt="" preset="blog" className="aspect-video w-full object-cover" /> : null}
      <div className="flex flex-col gap-2 p-4">
        <h2 className="text-lg font-bold">
          <LocaleLink to={`/blog/${post.slug}`} className="hover:text-brand-strong">
            {post.title}
          </LocaleLink>
        </h2>
        <p className="text-sm text-ink-muted">
          <time dateTime={post.published_at}>{post.date}</time>
          {post.author ? <> · {t("blog.by", { author: post.author })}</> : null}
        </p>
        <p>{post.excerpt}</p>
      </div>
    </article>
  );
}
