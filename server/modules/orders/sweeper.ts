import {
  failedRefunds,
  pendingAttemptsToVerify,
  retryRefund,
  verifyOrderPayments,
} from '../payments/service';
import { retryFailedOrderRefunds } from '../refunds/provider';
import { offerReturnedSeats } from '../waitlist/offers';
import type { CheckoutDeps } from './deps';
import { expireDueHolds } from './service';

/**
 * One sweep: payments still pending are asked about first (a lost webhook never strands a paid
 * order, and a payment that did go through is confirmed before its hold is released), then expired
 * holds give their seats back, then failed refund requests are tried again, then seats that came back
 * (from any path) are offered to the waiting lists (decision 042). Safe in several processes at once:
 * holds are claimed with SKIP LOCKED, confirmation is idempotent, offers take the type's seat lock.
 */
export async function sweepOnce(deps: CheckoutDeps) {
  const pending = await pendingAttemptsToVerify(deps);
  for (const orderId of new Set(pending.map((p) => p.orderId))) await verifyOrderPayments(deps, orderId);
  const released = await expireDueHolds(deps);
  for (const attempt of await failedRefunds(deps)) await retryRefund(deps, attempt);
  await retryFailedOrderRefunds(deps);
  const offered = await offerReturnedSeats(deps);
  return { verified: pending.length, released, offered };
}

/** Runs a sweep on start and then every ORDER_SWEEP_SECONDS; returns a stop function. */
export function startSweeper(deps: CheckoutDeps): { stop: () => Promise<void> } {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = sweepOnce(deps)
      .then((r) => {
        if (r.released || r.verified || r.offered) deps.log.info(r, 'order sweep');
      })
      .catch((error) => deps.log.warn({ err: String(error) }, 'order sweep failed; next one retries'))
      .finally(() => {
        running = null;
      });
  };
  tick();
  const timer = setInterval(tick, deps.config.orderSweepSeconds * 1000);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
