import { createFileRoute } from '@tanstack/react-router';
import { UnbuiltPage } from '../pages/UnbuiltPage';

export const Route = createFileRoute('/blog')({
  component: () => <UnbuiltPage title="Blog" summary="News and guides from the Gatepass team." />,
});
