import { vi } from 'vitest';
import { createActor } from 'xstate';
import { type CheckoutInput, checkoutMachine } from '../../machines/checkout.machine';
import { controlledActors } from './machineModel';

/**
 * Drives one real checkout actor by hand for the checkout's oracle tests
 * (test/machines/checkout.oracle*.test.ts): every server call is left open until the test settles
 * it, and the page's actions (`remember`, `rememberBuyer`, `goToProvider`) are recorded, so a test
 * can compare what the flow sent, kept and showed with values written in the test.
 */
export const CHECKOUT_CALLS = [
  'loadCheckout',
  'reserveOrder',
  'applyDiscount',
  'removeDiscount',
  'payOrder',
  'verifyOrder',
] as const;
type CallName = (typeof CHECKOUT_CALLS)[number];

export function driveCheckout(input: CheckoutInput) {
  const control = controlledActors(CHECKOUT_CALLS);
  const remembered: unknown[] = [];
  const buyers: unknown[] = [];
  const redirects: unknown[] = [];
  const actor = createActor(
    checkoutMachine.provide({
      actors: control.actors as never,
      actions: {
        remember: (_, p) => void remembered.push(p),
        rememberBuyer: (_, p) => void buyers.push(p),
        goToProvider: (_, p) => void redirects.push(p),
      },
    }),
    { input },
  ).start();
  const snap = () => actor.getSnapshot();
  return {
    actor,
    calls: control.calls as Record<CallName, unknown[]>,
    remembered,
    buyers,
    redirects,
    snap,
    context: () => snap().context,
    send: (event: Parameters<typeof actor.send>[0]) => actor.send(event),
    /** Answers the open call to `name` and lets the machine react. */
    async resolve(name: CallName, value: unknown) {
      control.settle(name, 'resolve', value);
      await vi.advanceTimersByTimeAsync(0);
    },
    async reject(name: CallName, error: unknown) {
      control.settle(name, 'reject', error);
      await vi.advanceTimersByTimeAsync(0);
    },
  };
}
