import { describe, expect, it } from "vitest";
import { parseDimensions, parseForwardingArgs, parseRequestRef, parseWeight } from "./admin-forwarding";
import { UsageError } from "./admin-options";

describe("parseForwardingArgs", () => {
  it("reads a parcel's arrival with several photos", () => {
    expect(parseForwardingArgs("parcel", "arrive", ["--tracking", "1z 999", "--weight", "1.2", "--dimensions", "30x20x10", "--photo", "a.jpg", "--photo=b.png"])).toEqual({
      command: "forwarding",
      action: "arrive",
      tracking: "1Z999",
      email: undefined,
      weightG: 1200,
      dimensionsMm: [300, 200, 100],
      photos: ["a.jpg", "b.png"],
    });
  });

  it("takes parcel ship and deliver by request or by a parcel's number, as forward ship and deliver do", () => {
    expect(parseForwardingArgs("parcel", "ship", ["--request", "FR7", "--tracking", "out123", "--carrier", "DHL"])).toEqual({
      command: "forwarding",
      action: "ship",
      ref: { requestId: 7 },
      tracking: "OUT123",
      carrier: "DHL",
    });
    expect(parseForwardingArgs("parcel", "deliver", ["--parcel", "1Z999AA1"])).toEqual({ command: "forwarding", action: "deliver", ref: { parcel: "1Z999AA1" } });
    expect(parseForwardingArgs("forward", "deliver", ["--request", "7"])).toEqual({ command: "forwarding", action: "deliver", ref: { requestId: 7 } });
  });

  it("reads parcel remind, which takes no options", () => {
    expect(parseForwardingArgs("parcel", "remind", [])).toEqual({ command: "forwarding", action: "remind" });
    expect(() => parseForwardingArgs("parcel", "remind", ["--now", "2026-01-01"])).toThrow(UsageError);
    expect(() => parseForwardingArgs("forward", "remind", [])).toThrow(UsageError);
  });

  it("prices in exact cents and asks a question", () => {
    expect(parseForwardingArgs("forward", "price", ["--request", "fr12", "--shipping", "24.90"])).toEqual({ command: "forwarding", action: "price", requestId: 12, shippingMinor: 2490 });
    expect(parseForwardingArgs("forward", "ask", ["--request", "FR1", "--question", " Which size? "])).toMatchObject({ requestId: 1, question: "Which size?" });
  });

  it("refuses what cannot be run as written", () => {
    const bad: Array<[Parameters<typeof parseForwardingArgs>[0], string | undefined, string[]]> = [
      ["parcel", undefined, []],
      ["parcel", "price", ["--request", "FR1"]],
      ["forward", "arrive", []],
      ["parcel", "arrive", ["--tracking", "1Z999", "--weight", "1.2"]],
      ["parcel", "arrive", ["--tracking", "1Z999", "--weight", "1.2", "--dimensions", "1x1x1", "--email", "a", "--email", "b"]],
      ["forward", "price", ["--request", "FR1", "--shipping", "24.999"]],
      ["forward", "price", ["--request", "FR1", "--shipping", "-1"]],
      ["forward", "ship", ["--request", "FR1"]],
      ["forward", "ship", ["--parcel", "1Z999", "--tracking", "OUT123"]],
      ["parcel", "ship", ["--request", "FR1", "--parcel", "1Z999", "--tracking", "OUT123"]],
      ["forward", "ask", ["--request", "FR1"]],
    ];
    for (const [area, action, rest] of bad) expect(() => parseForwardingArgs(area, action, rest), `${area} ${action} ${rest.join(" ")}`).toThrow(UsageError);
  });
});

describe("the values of the options", () => {
  it("reads kilograms into grams exactly", () => {
    expect(parseWeight("1.2")).toBe(1200);
    expect(parseWeight("0.005")).toBe(5);
    expect(parseWeight("12")).toBe(12_000);
    for (const bad of ["0", "1,2", "1.2345", "-1", "", "1e3"]) expect(() => parseWeight(bad)).toThrow(UsageError);
  });

  it("reads centimetres into millimetres", () => {
    expect(parseDimensions("30x20x10")).toEqual([300, 200, 100]);
    expect(parseDimensions("30.5 × 20 × 10")).toEqual([305, 200, 100]);
    for (const bad of ["30x20", "30x0x10", "axbxc", "30x20x10x5"]) expect(() => parseDimensions(bad)).toThrow(UsageError);
  });

  it("reads a forward request's number with or without FR", () => {
    expect(parseRequestRef("FR7")).toBe(7);
    expect(parseRequestRef("7")).toBe(7);
    for (const bad of ["FR", "FR0", "QU7", undefined]) expect(() => parseRequestRef(bad)).toThrow(UsageError);
  });
});
