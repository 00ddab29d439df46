import { INACTIVITY_CHECK_MS } from '../../machines/inactivity.machine';
import { reportActivity } from '../api/users';

/**
 * Tells the server that the person is still here, so it does not end an idle session the tab still
 * counts as active (decision 024). The same presses the tab's inactivity timer counts (mouse and
 * key presses) are reported, at most once per INACTIVITY_CHECK_MS: the server allows that much on
 * top of the timeout. Nothing else the tab sends (polling, background checks) counts on the server,
 * as it does not count here. A failed report is retried at the next press.
 */
export function createActivityReporter(token: () => string | null): () => void {
  let lastReport = Number.NEGATIVE_INFINITY;
  const retryNextTime = () => {
    lastReport = Number.NEGATIVE_INFINITY;
  };
  return () => {
    const current = token();
    if (!current) return;
    const now = Date.now();
    if (now - lastReport < INACTIVITY_CHECK_MS) return;
    lastReport = now;
    reportActivity(current).then((counted) => counted || retryNextTime(), retryNextTime);
  };
}
