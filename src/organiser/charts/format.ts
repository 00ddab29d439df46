import { formatNaira } from '../../../contract/money';

/** How the charts write numbers and times (Lagos time, as every organiser screen). */
const compactNaira = new Intl.NumberFormat('en-NG', {
  style: 'currency',
  currency: 'NGN',
  notation: 'compact',
  maximumFractionDigits: 1,
});
const day = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeZone: 'Africa/Lagos' });
const dayTime = new Intl.DateTimeFormat('en-NG', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Africa/Lagos',
});

export const count = (n: number) => String(n);
/** Axis labels: ₦25K rather than ₦25,000.00; the legend and tables give the exact amount. */
export const nairaAxis = (n: number) => compactNaira.format(n);
export const naira = (n: number) => formatNaira(n);
export const dayText = (iso: string) => day.format(new Date(iso));
export const dayTimeText = (iso: string) => dayTime.format(new Date(iso));
