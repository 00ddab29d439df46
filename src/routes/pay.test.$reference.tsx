import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { TestPaymentPage } from '../payments/TestPaymentPage';

/** Public, as a provider's page is: the unguessable reference is what opens it. */
export const Route = createFileRoute('/pay/test/$reference')({
  params: {
    parse: (raw) => z.object({ reference: z.string().check(z.minLength(1), z.maxLength(100)) }).parse(raw),
    stringify: (p) => p,
  },
  head: () => ({ meta: [{ title: 'Test payment — Gatepass' }, { name: 'robots', content: 'noindex' }] }),
  component: PayRoute,
});

function PayRoute() {
  const { reference } = Route.useParams();
  return <TestPaymentPage key={reference} reference={reference} />;
}
