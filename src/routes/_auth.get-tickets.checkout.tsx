import { createFileRoute } from '@tanstack/react-router';
import { UnbuiltPage } from '../pages/UnbuiltPage';

export const Route = createFileRoute('/_auth/get-tickets/checkout')({
  component: () => <UnbuiltPage title="Checkout: payment" summary="Pay for your tickets." />,
});
