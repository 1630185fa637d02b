import type { Minor } from "~/lib/money";

// An invoice's sums, as an EU VAT invoice states them (docs/invoices.md):
//   - a line's net is quantity × unit price, exact in cents;
//   - VAT is worked out once per rate: the nets of all lines at that rate are
//     added up and taxed together, rounded half up to the cent once. Rounding
//     each line and adding the results can drift a cent per line from what
//     the tax return declares; rounding per rate cannot;
//   - each line still shows a VAT amount: its share of its rate's VAT, the
//     rounded total handed out by the largest remainder, so the lines of a
//     rate always add up to that rate's VAT in the summary;
//   - gross = net + VAT, for a line, a rate and the invoice.
// Rates are decimal strings with at most two decimals ("21", "9.5", "0"),
// kept as basis points so nothing passes through binary floating point.

export type InvoiceLineInput = { quantity: number; unitMinor: Minor; vatRate: string };
export type LineTotals = { netMinor: Minor; vatMinor: Minor; grossMinor: Minor };
export type RateTotals = { vatRate: string; netMinor: Minor; vatMinor: Minor; grossMinor: Minor };
export type InvoiceTotals = { lines: LineTotals[]; rates: RateTotals[]; netMinor: Minor; vatMinor: Minor; grossMinor: Minor };

const RATE = /^(\d{1,2})(?:\.(\d{1,2}))?$/;
const BASIS = 10_000n;

/** "21", "21.00", "9.5" → basis points (2100, 2100, 950); null when not a rate from 0 up to below 100 with at most two decimals. */
export function rateBasisPoints(rate: string): number | null {
  const match = RATE.exec(rate.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** Basis points back to the rate as people read it: 2100 → "21", 950 → "9.5", 5 → "0.05". */
export function formatRate(basisPoints: number): string {
  const whole = Math.trunc(basisPoints / 100);
  const fraction = String(basisPoints % 100).padStart(2, "0").replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : String(whole);
}

function checkedRate(rate: string) {
  const bp = rateBasisPoints(rate);
  if (bp === null) throw new RangeError(`Not a VAT rate: ${rate}`);
  return bp;
}

/** The totals of an invoice's lines; the rates come out from the highest down. */
export function invoiceTotals(lines: readonly InvoiceLineInput[]): InvoiceTotals {
  const nets = lines.map((line) => {
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 0) throw new RangeError(`Not a quantity: ${line.quantity}`);
    if (!Number.isSafeInteger(line.unitMinor) || line.unitMinor < 0) throw new RangeError(`Not a unit price: ${line.unitMinor}`);
    return BigInt(line.quantity) * BigInt(line.unitMinor);
  });
  const bps = lines.map((line) => checkedRate(line.vatRate));
  const vats = new Array<bigint>(lines.length).fill(0n);
  const rates: RateTotals[] = [];

  for (const bp of [...new Set(bps)].sort((a, b) => b - a)) {
    const members = bps.flatMap((rate, index) => (rate === bp ? [index] : []));
    const net = members.reduce((total, index) => total + nets[index]!, 0n);
    // Half up: amounts on an invoice are never negative.
    const vat = (net * BigInt(bp) * 2n + BASIS) / (BASIS * 2n);
    // Each line's exact share, floored; the cents left go to the largest remainders, the earlier line first on a tie.
    const shares = members.map((index) => ({ index, floor: (nets[index]! * BigInt(bp)) / BASIS, rest: (nets[index]! * BigInt(bp)) % BASIS }));
    let left = vat - shares.reduce((total, share) => total + share.floor, 0n);
    for (const share of shares) vats[share.index] = share.floor;
    for (const share of [...shares].sort((a, b) => (b.rest > a.rest ? 1 : b.rest < a.rest ? -1 : a.index - b.index))) {
      if (left <= 0n) break;
      vats[share.index]! += 1n;
      left -= 1n;
    }
    rates.push({ vatRate: formatRate(bp), netMinor: toSafe(net), vatMinor: toSafe(vat), grossMinor: toSafe(net + vat) });
  }

  const lineTotals = nets.map((net, index) => ({ netMinor: toSafe(net), vatMinor: toSafe(vats[index]!), grossMinor: toSafe(net + vats[index]!) }));
  const netMinor = toSafe(nets.reduce((total, net) => total + net, 0n));
  const vatMinor = rates.reduce((total, rate) => total + rate.vatMinor, 0);
  return { lines: lineTotals, rates, netMinor, vatMinor, grossMinor: toSafe(BigInt(netMinor) + BigInt(vatMinor)) };
}

function toSafe(value: bigint): Minor {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`An invoice total beyond what fits: ${value}`);
  return Number(value);
}
