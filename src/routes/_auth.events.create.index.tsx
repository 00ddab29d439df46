import { createFileRoute } from '@tanstack/react-router';
import { UnbuiltPage } from '../pages/UnbuiltPage';

export const Route = createFileRoute('/_auth/events/create/')({
  component: () => <UnbuiltPage title="Create an event" summary="Step 1 of 3: details." />,
});
