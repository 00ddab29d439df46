import { createFileRoute, redirect } from '@tanstack/react-router';
import { CheckoutStep } from '../checkout/CheckoutStep';

export const Route = createFileRoute('/_auth/get-tickets/contact')({
  head: () => ({ meta: [{ title: 'Checkout: contact — Gatepass' }] }),
  beforeLoad: async ({ preload }) => {
    if (preload) return { checkout: null };
    // Imported here, not at the top: the checkout machine stays out of every page's first load.
    const { checkoutFor } = await import('../checkout/checkoutSession');
    const checkout = checkoutFor({ step: 'contact' });
    // No checkout in this tab: there is nothing to resume, so look for an event.
    if (!checkout) throw redirect({ to: '/events/all', replace: true });
    return { checkout };
  },
  component: StepRoute,
});

function StepRoute() {
  const { checkout } = Route.useRouteContext();
  return checkout ? <CheckoutStep actor={checkout} route="contact" /> : null;
}
