import { createFileRoute } from '@tanstack/react-router';
import { UnbuiltPage } from '../pages/UnbuiltPage';

export const Route = createFileRoute('/_auth/get-tickets/contact')({
  component: () => <UnbuiltPage title="Checkout: contact details" summary="Who the tickets are for." />,
});
