import * as v from "valibot";
import { postedBalance, postedPaymentMethod } from "./checkout";

// Paying an unpaid order later (payment-pay): the form's one schema, used
// by conform in the browser and by the action on the server.

export const PayOrderSchema = v.object({
  payment: postedPaymentMethod,
  balance: postedBalance,
});

export type PayOrderForm = v.InferOutput<typeof PayOrderSchema>;
