import { createFileRoute } from '@tanstack/react-router';
import { UnbuiltPage } from '../pages/UnbuiltPage';

export const Route = createFileRoute('/tickets/all')({
  component: () => <UnbuiltPage title="Find tickets" summary="Search every published event." />,
});
