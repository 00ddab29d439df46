import { createFileRoute } from '@tanstack/react-router';
import { UnbuiltPage } from '../pages/UnbuiltPage';

export const Route = createFileRoute('/verify-email')({
  component: () => <UnbuiltPage title="Verify email" summary="Confirming your email address." />,
});
