import type { CheckinResult, ScanOrigin } from '../../contract/checkin';
import { DOOR_MESSAGES } from '../../contract/doorVerdict';

/** The headline and colour of each result, so staff can read it at arm's length. */
export const RESULT_TEXT: Record<CheckinResult, { title: string; tone: 'good' | 'warn' | 'bad' }> = {
  checked_in: { title: 'Valid: let them in', tone: 'good' },
  already_checked_in: { title: 'Already checked in', tone: 'warn' },
  wrong_event: { title: 'Wrong event', tone: 'bad' },
  wrong_date: { title: 'Wrong date', tone: 'bad' },
  cancelled: { title: 'Cancelled or refunded', tone: 'bad' },
  unknown: { title: 'Unknown code', tone: 'bad' },
  test_mode: { title: 'Test ticket: not valid', tone: 'bad' },
};

/**
 * The headline of one verdict. A refused ticket is headlined by why, where the verdict knows it: a
 * code replaced by a newer ticket (reissued: its holder has the new one) is not a refund, and the
 * device, whose list says only "cancelled", names every reason it may be.
 */
export function resultHeadline(result: CheckinResult, message: string) {
  const text = RESULT_TEXT[result];
  // Live codes (decision 058): why one was refused is what staff must tell the guest.
  if (result === 'unknown') return { ...text, title: LIVE_TITLES[message] ?? text.title };
  if (result !== 'cancelled') return text;
  if (message === DOOR_MESSAGES.reissued) return { ...text, title: 'Replaced by a newer ticket' };
  if (message === DOOR_MESSAGES.cancelledOrRefunded)
    return { ...text, title: 'Cancelled, refunded or replaced' };
  return text;
}

const LIVE_TITLES: Record<string, string> = {
  [DOOR_MESSAGES.liveStale]: 'Old code',
  [DOOR_MESSAGES.liveWrongKey]: 'Not the holder’s phone',
  [DOOR_MESSAGES.liveNoKey]: 'Live code not on this list',
  [DOOR_MESSAGES.liveRequired]: 'Live code needed',
};

const timeFormat = new Intl.DateTimeFormat('en-NG', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Africa/Lagos',
});

export const atTime = (iso: string) => timeFormat.format(new Date(iso));

/** 'Gate A · Door laptop', 'Organiser', or 'another device'. */
export function originText(origin: ScanOrigin | null | undefined): string {
  const parts = [origin?.gate ?? (origin?.device ? null : 'Organiser'), origin?.device].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : 'another device';
}
