/**
 * Paystack's published price for a local (Nigerian) payment: 1.5 % plus ₦100, the ₦100 waived under
 * ₦2,500, the whole capped at ₦2,000. Paystack itself reports the fee it kept on every verify and
 * webhook (`data.fees`) and that is what Gatepass records; this rule exists only so the built-in
 * test-mode provider answers the same field with the figure Paystack would have kept, and the money
 * screens read the same in both modes. Integer kobo; half a kobo rounds up, as Paystack's does.
 */
export const PAYSTACK_LOCAL_PERCENT_BASIS_POINTS = 150;
export const PAYSTACK_FLAT_FEE_KOBO = 10_000;
export const PAYSTACK_FLAT_FEE_WAIVED_UNDER_KOBO = 250_000;
export const PAYSTACK_FEE_CAP_KOBO = 200_000;

export function paystackLocalFeeKobo(amountKobo: number): number {
  if (!Number.isSafeInteger(amountKobo) || amountKobo <= 0) return 0;
  const percent = Math.floor((amountKobo * PAYSTACK_LOCAL_PERCENT_BASIS_POINTS + 5_000) / 10_000);
  const flat = amountKobo < PAYSTACK_FLAT_FEE_WAIVED_UNDER_KOBO ? 0 : PAYSTACK_FLAT_FEE_KOBO;
  return Math.min(PAYSTACK_FEE_CAP_KOBO, percent + flat);
}
