import { createFileRoute, redirect } from '@tanstack/react-router';
import { CheckoutStep } from '../checkout/CheckoutStep';

export const Route = createFileRoute('/_auth/get-tickets/checkout')({
  head: () => ({ meta: [{ title: 'Checkout: payment — Gatepass' }] }),
  beforeLoad: async ({ preload }) => {
    if (preload) return { checkout: null };
    // Imported here, not at the top: the checkout machine stays out of every page's first load.
    const { checkoutFor } = await import('../checkout/checkoutSession');
    const checkout = checkoutFor({ step: 'payment' });
    // No checkout in this tab: there is nothing to resume, so look for an event.
    if (!checkout) throw redirect({ to: '/events/all', replace: true });
    return { checkout };
  },
  component: StepRoute,
});

function StepRoute() {
  const { checkout } = Route.useRouteContext();
  return checkout ? <CheckoutStep actor={checkout} route="payment" /> : null;
}
