import { useAtom } from "jotai";
import { useEffect, useState } from "react";
import { useTranslation } from "~/hooks/use-translation";
import { LocaleLink } from "~/components/LocaleLink";
import { useLocale } from "~/hooks/use-locale";
import { Modal } from "~/components/Modal";
import { usePrice } from "~/hooks/use-price";
import { callApi } from "~/lib/api-client";
import { localePath } from "~/lib/i18n";
import { times } from "~/lib/money";
import { emptyCart, type Cart } from "~/models/cart/cart";
import { openModalAtom } from "~/state/ui";

// The cart modal of spec 2: what the cart holds now, opened once a product
// has been added with JavaScript on. The cart comes from /api/cart/fetch
// (spec 7, two retries); a failure is reported and shows an empty cart, with
// no message (spec 8).

type CartState = { cart: Cart; loaded: boolean; has_error: boolean };

export function CartModal() {
  const [open, setOpen] = useAtom(openModalAtom);
  const { t } = useTranslation();
  const price = usePrice();
  const locale = useLocale();
  const [state, setState] = useState<CartState>({ cart: emptyCart(), loaded: false, has_error: false });
  const isOpen = open === "cart";

  useEffect(() => {
    if (!isOpen) return;
    let current = true;
    void callApi<{ cart: Cart }>("/api/cart/fetch", { method: "POST", body: {}, retries: 2, locale }).then((result) => {
      if (!current) return;
      if (result.ok) return setState({ cart: result.data.cart, loaded: true, has_error: false });
      globalThis.reportError?.(new Error(`Cart fetch failed: ${result.httpStatus} ${result.message}`));
      setState({ cart: emptyCart(), loaded: false, has_error: true });
    });
    return () => {
      current = false;
    };
  }, [isOpen, locale]);

  const { cart } = state;
  return (
    <Modal
      open={isOpen}
      onClose={() => setOpen(null)}
      title={t("cart.title")}
      mobile
      footer={
        <div className="flex flex-wrap justify-end gap-2">
          <LocaleLink to="/cart" className="button-secondary">
            {t("cart.view")}
          </LocaleLink>
          {cart.items.length ? (
            <form method="post" action={localePath(locale, "/checkout")}>
              <button type="submit" className="button-primary">
                {t("cart.checkout")}
              </button>
            </form>
          ) : null}
        </div>
      }
    >
      {cart.items.length === 0 ? (
        <p>{state.loaded || state.has_error ? t("cart.empty") : t("cart.loading")}</p>
      ) : (
        <>
          <ul className="divide-y divide-line">
            {cart.items.map((item) => (
              <li key={item.sku} className="flex justify-between gap-3 py-2">
                <span className="min-w-0">
                  {item.quantity} × {item.name}
                </span>
                <span className="shrink-0 tabular-nums">{price(times(item.price, item.quantity))}</span>
              </li>
            ))}
          </ul>
          <p className="mt-3 flex justify-between border-t border-line pt-2 font-semibold tabular-nums">
            <span>{t("cart.subtotal")}</span>
            <span>{price(cart.subtotal)}</span>
          </p>
        </>
      )}
    </Modal>
  );
}
