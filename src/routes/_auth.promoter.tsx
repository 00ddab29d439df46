import { createFileRoute } from '@tanstack/react-router';
import { fetchMyPromotions } from '../api/promoters';
import { PromoterPage } from '../promoters/PromoterPage';

/** /promoter: the signed-in promoter's links and figures (decision 064). */
export const Route = createFileRoute('/_auth/promoter')({
  head: () => ({ meta: [{ title: 'Your promoter links — Gatepass' }] }),
  loader: () => fetchMyPromotions(),
  component: function Promoter() {
    return <PromoterPage promotions={Route.useLoaderData()} />;
  },
});
