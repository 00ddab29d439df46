import { createFileRoute } from '@tanstack/react-router';
import { UnbuiltPage } from '../pages/UnbuiltPage';

export const Route = createFileRoute('/reset-password')({
  component: () => <UnbuiltPage title="Set new password" summary="Choose a new password." />,
});
