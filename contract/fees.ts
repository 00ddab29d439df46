import { koboToNaira, nairaToKobo } from './money';

/**
 * Gatepass's fee rule, shared by the pricing page and checkout. Free tickets cost nothing. On a paid
 * ticket the buyer pays a service fee of 1.5 % of the ticket price (the spec's summary: ₦1,500 of
 * fees on ₦100,000 of tickets), rounded to the nearest kobo per ticket. Everything is in integer kobo.
 */
export const SERVICE_FEE_BASIS_POINTS = 150; // 1.5 %

/** Service fee in kobo for one ticket priced `priceKobo`. */
export function serviceFeeKobo(priceKobo: number): number {
  if (!Number.isSafeInteger(priceKobo) || priceKobo < 0) {
    throw new RangeError(`Price must be a non-negative integer number of kobo: ${priceKobo}`);
  }
  // Integer arithmetic; half a kobo rounds up.
  return Math.floor((priceKobo * SERVICE_FEE_BASIS_POINTS + 5_000) / 10_000);
}

export type FeeBreakdown = {
  /** Ticket price × quantity. */
  subtotalKobo: number;
  /** Service fee × quantity. */
  feesKobo: number;
  totalKobo: number;
  /** What the organiser receives: the ticket prices in full. */
  organiserKobo: number;
};

/** Fees for `quantity` tickets at `priceKobo` each. */
export function feeBreakdownKobo(priceKobo: number, quantity: number): FeeBreakdown {
  if (!Number.isSafeInteger(quantity) || quantity < 0) {
    throw new RangeError(`Quantity must be a non-negative integer: ${quantity}`);
  }
  const subtotalKobo = priceKobo * quantity;
  const feesKobo = serviceFeeKobo(priceKobo) * quantity;
  return { subtotalKobo, feesKobo, totalKobo: subtotalKobo + feesKobo, organiserKobo: subtotalKobo };
}

/** The same breakdown for a Naira price, answered in Naira (converted once, through contract/money). */
export function feeBreakdownNaira(priceNaira: number, quantity: number) {
  const b = feeBreakdownKobo(nairaToKobo(priceNaira), quantity);
  return {
    subtotal: koboToNaira(b.subtotalKobo),
    fees: koboToNaira(b.feesKobo),
    total: koboToNaira(b.totalKobo),
    organiser: koboToNaira(b.organiserKobo),
  };
}

/**
 * The one home of the fee-on-top rule (decision 066): what the buyer pays on top of the tickets for a
 * fee of `feesKobo` — all of it where the buyer pays the fee, nothing where the organiser absorbed it
 * (Gatepass's fee is then inside the ticket prices). orderTotalsKobo builds the total with it, and the
 * order on the wire, the checkout's summary and the payout statement's "service fee paid by buyers"
 * all read it.
 */
export function feeOnTopKobo(feesKobo: number, feesAbsorbed: boolean): number {
  return feesAbsorbed ? 0 : feesKobo;
}

/**
 * One ticket's price as a buyer meets it (decision 066): the fee on top where the buyer pays it
 * ('buyer'), nothing on top where the organiser absorbs it. Free tickets carry no fee either way.
 */
export function feeOnTopNaira(priceNaira: number, feeMode: 'buyer' | 'absorbed'): number {
  if (priceNaira <= 0) return 0;
  return koboToNaira(feeOnTopKobo(serviceFeeKobo(nairaToKobo(priceNaira)), feeMode === 'absorbed'));
}

/** What one ticket finally costs the buyer: the price, plus the fee where the buyer pays it. */
export function buyerPaysNaira(priceNaira: number, feeMode: 'buyer' | 'absorbed'): number {
  return koboToNaira(nairaToKobo(priceNaira) + nairaToKobo(feeOnTopNaira(priceNaira, feeMode)));
}
