import { createFileRoute } from '@tanstack/react-router';
import { UnbuiltPage } from '../pages/UnbuiltPage';

export const Route = createFileRoute('/events/all')({
  component: () => <UnbuiltPage title="Find events" summary="Search every published event." />,
});
