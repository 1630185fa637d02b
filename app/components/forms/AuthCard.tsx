import { LocaleLink } from "~/components/LocaleLink";

/** The narrow card that holds the sign-in, sign-up and password pages. */
export function AuthCard({ title, intro, children, footer }: { title: string; intro?: string; children: React.ReactNode; footer?: React.ReactNode }) {
  return (
    <div className="px-4 py-10 sm:py-16">
      <section aria-labelledby="auth-title" className="mx-auto max-w-md rounded-2xl border border-line bg-surface p-6 shadow-sm sm:p-8">
        <h1 id="auth-title" className="text-2xl font-bold">
          {title}
        </h1>
        {intro ? <p className="mt-2 text-ink-muted">{intro}</p> : null}
        <div className="mt-6">{children}</div>
        {footer ? <div className="mt-6 border-t border-line pt-4 text-sm">{footer}</div> : null}
      </section>
    </div>
  );
}

/**
 * The card's footer between signing in and signing up: a question and a
 * link to the other page, which keeps where the shopper was going.
 */
export function AuthSwitch({ question, link, to, redirectTo }: { question: string; link: string; to: string; redirectTo: string }) {
  return (
    <p>
      {question}{" "}
      <LocaleLink to={redirectTo ? `${to}?${new URLSearchParams({ redirectTo })}` : to} className="link font-semibold">
        {link}
      </LocaleLink>
    </p>
  );
}
