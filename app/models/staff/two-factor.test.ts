import { describe, expect, it } from "vitest";
import { looksLikeRecoveryCode, newRecoveryCodes, newTotpSecret, recoveryCodeHash, totpCode, totpStep, totpUri } from "./two-factor";

describe("the second factor", () => {
  // RFC 6238, appendix B: the SHA-1 secret "12345678901234567890" at 59 s gives 94287082 (eight digits); six are its last six.
  it("computes the RFC 6238 test vector", () => {
    const secret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
    expect(totpCode(secret, 59_000)).toBe("287082");
    expect(totpCode(secret, 1_111_111_109_000)).toBe("081804");
  });

  it("accepts the code of now and of the neighbouring steps, and names the step it belongs to", () => {
    const secret = newTotpSecret();
    const now = 1_800_000_000_000;
    const step = Math.floor(now / 30_000);
    expect(totpStep(secret, totpCode(secret, now), now)).toBe(step);
    expect(totpStep(secret, totpCode(secret, now - 30_000), now)).toBe(step - 1);
    expect(totpStep(secret, totpCode(secret, now + 30_000), now)).toBe(step + 1);
    expect(totpStep(secret, totpCode(secret, now - 90_000), now)).toBeNull();
    expect(totpStep(secret, "12345", now)).toBeNull();
    expect(totpStep(secret, "abcdef", now)).toBeNull();
  });

  it("gives an authenticator app's address with the issuer and the staff member's email", () => {
    expect(totpUri("JBSWY3DPEHPK3PXP", "ona@example.com")).toMatch(/^otpauth:\/\/totp\/.*ona%40example\.com\?.*secret=JBSWY3DPEHPK3PXP/);
  });

  it("makes ten different recovery codes, each matched however it is typed", () => {
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(looksLikeRecoveryCode(code)).toBe(true);
    const [first] = codes;
    expect(recoveryCodeHash(first!.toUpperCase().replace("-", " "))).toBe(recoveryCodeHash(first!));
  });
});
