import { createFileRoute } from '@tanstack/react-router';
import { UnbuiltPage } from '../pages/UnbuiltPage';

export const Route = createFileRoute('/_auth/profile')({
  component: () => <UnbuiltPage title="My Profile" summary="Your events and tickets." />,
});
