import { describe, expect, it } from "vitest";
import { toCsv } from "./csv";

describe("CSV", () => {
  it("quotes what needs quoting and doubles quotes", () => {
    expect(toCsv(["a", "b"], [["x,y", 'say "hi"'], [1, null]])).toBe('a,b\r\n"x,y","say ""hi"""\r\n1,\r\n');
  });

  it("keeps a customer's text from running as a spreadsheet formula", () => {
    expect(toCsv(["email"], [["=HYPERLINK(1)"], ["+1"], ["@x"]])).toBe("email\r\n'=HYPERLINK(1)\r\n'+1\r\n'@x\r\n");
  });
});
