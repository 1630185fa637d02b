import { parseWithValibot } from "@conform-to/valibot";
import { describe, expect, it } from "vitest";
import { declarationOf, DeclarationSchema } from "./declaration";

type Line = { description: string; quantity: string; value: string };

/** The form as the page posts it: conform's names, lines[0].description and so on. */
function posted(changes: Partial<Record<"warehouse" | "tracking" | "carrier" | "shop" | "quote", string>> & { lines?: Line[] } = {}) {
  const { lines = [{ description: "Boots", quantity: "2", value: "49.90" }], ...fields } = changes;
  const data = new FormData();
  for (const [name, value] of Object.entries({ warehouse: "de", tracking: " 1z 999 aa1 ", carrier: "UPS", shop: "Zalando", quote: "", ...fields })) data.append(name, value);
  lines.forEach((line, i) => {
    for (const [cell, value] of Object.entries(line)) data.append(`lines[${i}].${cell}`, value);
  });
  return parseWithValibot(data, { schema: DeclarationSchema });
}

const errorsOf = (submission: ReturnType<typeof posted>) => (submission.status === "error" ? submission.error : null);

describe("DeclarationSchema", () => {
  it("makes a declaration with the number as carriers print it and values in cents", () => {
    const submission = posted();
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(declarationOf(submission.value)).toEqual({
      warehouseCode: "de",
      trackingNumber: "1Z999AA1",
      carrier: "UPS",
      storeName: "Zalando",
      quoteId: null,
      lines: [{ description: "Boots", quantity: 2, valueMinor: 4990 }],
    });
  });

  it("ignores rows left blank but refuses a half-filled one by the cell that is wrong", () => {
    const boots = { description: "Boots", quantity: "2", value: "49.90" };
    const blank = { description: "", quantity: "", value: "" };
    const added = { description: "", quantity: "1", value: "" };
    const kept = posted({ lines: [boots, blank, added] });
    expect(kept.status === "success" && kept.value.lines).toHaveLength(1);
    expect(errorsOf(posted({ lines: [boots, { description: "Boots", quantity: "", value: "10" }] }))).toEqual({ "lines[1].quantity": ["forwarding.errors.line"] });
    expect(errorsOf(posted({ lines: [{ description: "Boots", quantity: "1", value: "1,505" }] }))).toEqual({ "lines[0].value": ["forwarding.errors.line"] });
    expect(errorsOf(posted({ lines: [{ description: "", quantity: "1", value: "10" }] }))).toEqual({ "lines[0].description": ["forwarding.errors.line"] });
  });

  it("reads a declared value with a decimal comma, as Baltic shoppers type it", () => {
    const submission = posted({ lines: [{ description: "Boots", quantity: "2", value: "49,9" }, { description: "Coat", quantity: "1", value: "1 200,00" }] });
    expect(submission.status === "success" && declarationOf(submission.value).lines.map((line) => line.valueMinor)).toEqual([4990, 120000]);
  });

  it("names every field that is wrong", () => {
    expect(errorsOf(posted({ warehouse: "", tracking: "x", carrier: "", shop: "", quote: "abc", lines: [] }))).toEqual({
      warehouse: ["forwarding.errors.warehouse"],
      tracking: ["forwarding.errors.tracking"],
      carrier: ["forwarding.errors.carrier"],
      shop: ["forwarding.errors.shop"],
      quote: ["forwarding.errors.quote"],
      lines: ["forwarding.errors.noLines"],
    });
  });

  it("takes at most 30 lines", () => {
    const lines = Array.from({ length: 31 }, (_, i) => ({ description: `Item ${i}`, quantity: "1", value: "1" }));
    expect(errorsOf(posted({ lines }))).toEqual({ lines: ["forwarding.errors.tooManyLines"] });
  });
});
