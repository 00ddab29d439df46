import { formatNaira } from '../../contract/money';

/**
 * The price line of an event card: what a ticket costs, honestly, when the types differ. Whole Naira
 * amounts drop the '.00' (₦10,000, as posters and organisers write it); kobo stay when there are any.
 */
export function priceLabel(priceFrom: number | null, priceTo: number | null): string {
  if (priceFrom === null) return 'Free';
  const high = priceTo ?? priceFrom;
  if (high <= priceFrom) return priceFrom === 0 ? 'Free' : naira(priceFrom);
  return priceFrom === 0 ? `Free – ${naira(high)}` : `From ${naira(priceFrom)}`;
}

function naira(amount: number): string {
  const text = formatNaira(amount);
  return Number.isInteger(amount) ? text.replace(/\.00$/, '') : text;
}
