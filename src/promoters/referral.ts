import { ATTRIBUTION_DAYS, PROMOTER_CODE_PATTERN } from '../../contract/promoterCode';

/**
 * The promoter link a buyer arrived by (decision 064), kept in localStorage per event for 7 days
 * from the last arrival (last link wins): it survives other pages, the sign-in and sign-up detour,
 * quick checkout, a reload and the next visit in the week, and is sent with the payment. The
 * server decides whether the code belongs to the order's event; this only remembers.
 */
const KEY = 'gatepass.referrals';
const DAY_MS = 24 * 60 * 60 * 1000;

type Kept = Record<string, { code: string; until: number }>;

function read(now = Date.now()): Kept {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Kept;
    // Expired entries and anything that is not a code are dropped as they are read.
    return Object.fromEntries(
      Object.entries(raw).filter(
        ([, v]) => typeof v?.code === 'string' && PROMOTER_CODE_PATTERN.test(v.code) && v.until > now,
      ),
    );
  } catch {
    return {};
  }
}

/** Remembers `code` for `eventId` for the next 7 days, replacing any earlier link for that event. */
export function keepReferral(eventId: string, code: string, now = Date.now()) {
  if (!PROMOTER_CODE_PATTERN.test(code)) return;
  const kept = read(now);
  kept[eventId] = { code, until: now + ATTRIBUTION_DAYS * DAY_MS };
  try {
    localStorage.setItem(KEY, JSON.stringify(kept));
  } catch {
    // Storage full or refused (private mode): the buyer is simply not attributed.
  }
}

/** The live codes, for the payment (the server keeps the one of the order's event). */
export function referralCodes(now = Date.now()): string[] {
  return Object.values(read(now)).map((v) => v.code);
}
