import { createFileRoute, notFound } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { uuid } from '../../contract/common';
import { CheckoutStep } from '../checkout/CheckoutStep';

/** The confirmation: where the payment provider sends the buyer back (it verifies on arrival). */
export const Route = createFileRoute('/_auth/orders/$orderId')({
  params: {
    parse: (raw) => z.object({ orderId: z.string().check(z.minLength(1)) }).parse(raw),
    stringify: (p) => p,
  },
  head: () => ({ meta: [{ title: 'Your order — Gatepass' }] }),
  beforeLoad: async ({ params, preload }) => {
    if (!uuid.safeParse(params.orderId).success) throw notFound();
    if (preload) return { checkout: null };
    // Imported here, not at the top: the checkout machine stays out of every page's first load.
    const { checkoutFor } = await import('../checkout/checkoutSession');
    return { checkout: checkoutFor({ step: 'confirmation', orderId: params.orderId }) };
  },
  component: OrderRoute,
});

function OrderRoute() {
  const { checkout } = Route.useRouteContext();
  return checkout ? <CheckoutStep actor={checkout} route="confirmation" /> : null;
}
