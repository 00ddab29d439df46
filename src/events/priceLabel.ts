import { feeOnTopNaira } from '../../contract/fees';
import { formatNaira } from '../../contract/money';

type FeeMode = 'buyer' | 'absorbed';

/**
 * One ticket's price as the buyer will pay it (decision 066): "₦10,000 + ₦150 fees" where the buyer
 * pays the fee, "₦10,000" where the organiser absorbs it (all-in), "Free" for free tickets. Cards
 * write whole Naira short; the event page and checkout pass formatNaira (₦10,000.00).
 */
export function priceWithFees(
  price: number,
  feeMode: FeeMode,
  format: (n: number) => string = naira,
): string {
  if (price <= 0) return 'Free';
  const fee = feeOnTopNaira(price, feeMode);
  return fee > 0 ? `${format(price)} + ${format(fee)} fees` : format(price);
}

/**
 * The price line of an event card: what a ticket costs, honestly, when the types differ, with the
 * fee where the buyer pays it. Whole Naira amounts drop the '.00' (₦10,000, as posters and
 * organisers write it); kobo stay when there are any.
 */
export function priceLabel(priceFrom: number | null, priceTo: number | null, feeMode: FeeMode): string {
  if (priceFrom === null) return 'Free';
  const high = priceTo ?? priceFrom;
  if (high <= priceFrom) return priceWithFees(priceFrom, feeMode);
  return priceFrom === 0
    ? `Free – ${priceWithFees(high, feeMode)}`
    : `From ${priceWithFees(priceFrom, feeMode)}`;
}

function naira(amount: number): string {
  const text = formatNaira(amount);
  return Number.isInteger(amount) ? text.replace(/\.00$/, '') : text;
}
