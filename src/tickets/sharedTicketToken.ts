import { SHARE_TOKEN_PATTERN } from '../../contract/ticketChanges';

/**
 * A ticket link's secret (decision 040) comes in the URL fragment. It is kept in this tab while the
 * visitor signs in (login cannot carry a fragment back), and forgotten when the page has it again.
 */
const KEY = 'gatepass.sharedTicket';

export function rememberSharedTicket(token: string) {
  try {
    sessionStorage.setItem(KEY, token);
  } catch {
    // No storage: the visitor opens the link again after signing in.
  }
}

/** The token from `#token` (or `#token=…`), else the one kept in this tab; '' when there is none. */
export function takeSharedTicketToken(hash: string): string {
  const fromHash = /^#(?:token=)?([0-9a-f]{64})$/.exec(hash)?.[1];
  if (fromHash) return fromHash;
  try {
    const kept = sessionStorage.getItem(KEY) ?? '';
    sessionStorage.removeItem(KEY);
    return SHARE_TOKEN_PATTERN.test(kept) ? kept : '';
  } catch {
    return '';
  }
}

/** A check link's token (decision 058), from `#check=token`; '' when the fragment is not one. */
export function takeCheckToken(hash: string): string {
  return /^#check=([0-9a-f]{32})$/.exec(hash)?.[1] ?? '';
}
