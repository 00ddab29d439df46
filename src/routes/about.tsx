import { createFileRoute } from '@tanstack/react-router';
import { UnbuiltPage } from '../pages/UnbuiltPage';

export const Route = createFileRoute('/about')({
  component: () => <UnbuiltPage title="About Gatepass" summary="Who we are and why we built Gatepass." />,
});
