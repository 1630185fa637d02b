import { Form, useLocation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "~/hooks/use-translation";
import { isAlertSuppressed } from "~/models/orders/unpaid-alert";
import type { UnpaidAlert } from "~/models/orders/unpaid-alert.server";
import { useLocale } from "~/hooks/use-locale";
import { Modal } from "~/components/Modal";
import { UNPAID_ALERT_ATTRIBUTE } from "./unpaid-alert-attribute";

/**
 * Spec 4's unpaid-orders alert. The root loader sends it only to a signed-in
 * user with unpaid orders who has not handled it yet; it stays away from the
 * pages that spec 4 names. Both buttons post one form, so they work without
 * JavaScript; with it, a dismissal is a plain request and the page stays.
 * Not a fetcher: nothing on the page changes with a dismissal, and a
 * fetcher's reload of the page's data still running when the shopper goes on
 * (Accept and pay, say, which lands on a page the browser has yet to learn)
 * makes the router finish that navigation with the old page's data: a blank page.
 */
export function UnpaidOrdersAlert({ count, newestOrderId }: UnpaidAlert) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { pathname, search } = useLocation();
  // Keyed by the newest order, so that a new unpaid order opens it again.
  const [closedFor, setClosedFor] = useState<number | null>(null);
  const action = `/${locale}/unpaid-orders-alert`;
  const open = closedFor !== newestOrderId && !isAlertSuppressed(pathname);

  function dismiss() {
    setClosedFor(newestOrderId);
    // Recorded in a cookie; if the request is lost, the alert comes back on the next page, which is no harm.
    fetch(action, { method: "POST", body: new URLSearchParams({ intent: "dismiss", seen: String(newestOrderId) }) }).catch(() => undefined);
  }

  return (
    <Modal
      open={open}
      onClose={dismiss}
      title={t("orders.unpaidAlert.title")}
      size="sm"
      mobile
      // Before JavaScript the dialog is not modal: shade the page behind it all
      // the same, and hide the close icon, which needs JavaScript; the form's
      // buttons work without it.
      className="[&:not(:modal)]:shadow-[0_0_0_100vmax_rgb(0_0_0/0.5)] [&:not(:modal)_header_button]:hidden"
    >
      <p>{t("orders.unpaidAlert.text", { unpaid: count })}</p>
      <Form {...{ [UNPAID_ALERT_ATTRIBUTE]: "" }} method="post" action={action} className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <input type="hidden" name="seen" value={newestOrderId} />
        <input type="hidden" name="redirectTo" value={`${pathname}${search}`} />
        <button
          type="submit"
          name="intent"
          value="dismiss"
          onClick={(event) => {
            event.preventDefault();
            dismiss();
          }}
          className="rounded-lg border border-line-strong px-5 py-2.5 font-semibold hover:bg-surface-muted"
        >
          {t("orders.unpaidAlert.dismiss")}
        </button>
        {/* Pay navigates to the orders, where the alert is suppressed: it closes on arrival. */}
        <button type="submit" name="intent" value="pay" className="button-primary">
          {t("orders.unpaidAlert.pay")}
        </button>
      </Form>
    </Modal>
  );
}
