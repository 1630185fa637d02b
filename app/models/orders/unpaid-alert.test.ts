import { describe, expect, it } from "vitest";
import { isAlertHandled, isAlertSuppressed } from "./unpaid-alert";

describe("the pages without the unpaid-orders alert", () => {
  it("are the ones spec 4 lists, with and without a locale, a slug or a trailing slash", () => {
    const suppressed = [
      "/en/my-orders",
      "/my-orders",
      "/lt/my-orders/mp-1a2b3c4d",
      "/en/create-order/qu-1/step",
      "/en/order-successful",
      "/lv/success",
      "/lv/success/abc",
      "/en/payment",
      "/en/payment/qu-123",
      "/en/payment/accept",
      "/en/payment/decline",
      "/en/payment/fail",
      "/en/balance/pay",
      "/ee/confirm",
      "/ee/confirm/xyz",
      "/en/checkout",
      "/en/checkout/abc/",
      "/en/reservation/success",
      "/en/account-information",
      "/en/delivery-addresses/",
      "/en/site-pro-delivery",
      "/en/site-pro-payment/1/2",
      "/en/site-pro-edit/5",
    ];
    for (const path of suppressed) expect(isAlertSuppressed(path), path).toBe(true);
  });

  it("leave every other page alone, including look-alikes", () => {
    const shown = ["/", "/en", "/en/", "/en/c/phones", "/en/cart", "/en/my-orders-archive", "/en/payments", "/en/balance-history", "/en/reservation", "/en/site-pro", "/en/quotes", "/en/user-account", "/en/successful-stories"];
    for (const path of shown) expect(isAlertSuppressed(path), path).toBe(false);
  });
});

describe("a handled alert", () => {
  it("stays handled for the same user until an unpaid order newer than the one they saw appears", () => {
    const handled = { userId: 7, orderId: 40 };
    expect(isAlertHandled(null, 7, 40)).toBe(false);
    expect(isAlertHandled(handled, 7, 40)).toBe(true);
    // Paying the newest order leaves an older one as the newest unpaid.
    expect(isAlertHandled(handled, 7, 31)).toBe(true);
    expect(isAlertHandled(handled, 7, 41)).toBe(false);
    expect(isAlertHandled(handled, 8, 40)).toBe(false);
  });
});

