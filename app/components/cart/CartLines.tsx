import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/hooks/use-translation";
import { ResponsiveImage } from "~/components/ResponsiveImage";
import { usePrice } from "~/hooks/use-price";
import { times } from "~/lib/money";
import type { CartItem } from "~/models/cart/cart";

// The lines of a cart with spec 4's quantity steps: − never below 1, + never
// above what can be reserved, and remove. Each button is a plain form post
// to /cart, so it works before JavaScript loads; `action` points the forms
// there from wherever the lines are shown.
export function CartLines({ items, action, error }: { items: CartItem[]; action: string; error?: { sku: string; message: string } | null }) {
  const { t } = useTranslation();
  const price = usePrice();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === action;
  return (
    <ul className="divide-y divide-line rounded-xl border border-line">
      {items.map((item) => (
        <li key={item.sku} className="flex gap-4 p-4">
          <div className="size-20 shrink-0 overflow-hidden rounded-lg bg-surface-muted">
            <ResponsiveImage src={item.image} alt="" preset="thumbnail" className="size-full object-contain" />
          </div>
          <div className="min-w-0 flex-1">
            <p className="font-medium">
              <Link to={item.url} className="link">
                {item.name}
              </Link>
            </p>
            <p className="text-sm text-ink-muted">{t("cart.unitPrice", { price: price(item.price) })}</p>
            {item.price_when_added !== undefined ? (
              <p className="text-sm text-brand-strong">{t("cart.priceChanged", { before: price(item.price_when_added), now: price(item.price) })}</p>
            ) : null}
            {item.quantity > item.max_quantity ? (
              <p role="alert" className="text-sm text-danger">
                {item.max_quantity > 0 ? t("cart.errors.notEnoughStock", { max: item.max_quantity }) : t("cart.soldOut")}
              </p>
            ) : null}
            {error?.sku === item.sku ? (
              <p role="alert" className="text-sm text-danger">
                {error.message}
              </p>
            ) : null}
            <div className="mt-2 flex flex-wrap items-center gap-3">
              <Form method="post" action={action} className="flex items-center rounded-lg border border-line-strong" preventScrollReset>
                <input type="hidden" name="sku" value={item.sku} />
                <button
                  type="submit"
                  name="intent"
                  value="decrement"
                  disabled={busy || item.quantity <= 1}
                  aria-label={t("cart.decrease", { name: item.name })}
                  className="px-3 py-1.5 text-lg disabled:opacity-40"
                >
                  −
                </button>
                <output aria-label={t("cart.quantity")} className="min-w-8 text-center tabular-nums">
                  {item.quantity}
                </output>
                <button
                  type="submit"
                  name="intent"
                  value="increment"
                  disabled={busy || item.quantity >= item.max_quantity}
                  aria-label={t("cart.increase", { name: item.name })}
                  className="px-3 py-1.5 text-lg disabled:opacity-40"
                >
                  +
                </button>
              </Form>
              <Form method="post" action={action} preventScrollReset>
                <input type="hidden" name="sku" value={item.sku} />
                <button type="submit" name="intent" value="remove" disabled={busy} className="text-sm link">
                  {t("cart.remove")}
                  <span className="sr-only"> {item.name}</span>
                </button>
              </Form>
            </div>
          </div>
          <p className="shrink-0 font-semibold tabular-nums">{price(times(item.price, item.quantity))}</p>
        </li>
      ))}
    </ul>
  );
}
