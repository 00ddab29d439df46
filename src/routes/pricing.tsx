import { createFileRoute } from '@tanstack/react-router';
import { UnbuiltPage } from '../pages/UnbuiltPage';

export const Route = createFileRoute('/pricing')({
  component: () => <UnbuiltPage title="Pricing" summary="What Gatepass costs organisers." />,
});
