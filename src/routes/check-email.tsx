import { createFileRoute } from '@tanstack/react-router';
import { UnbuiltPage } from '../pages/UnbuiltPage';

export const Route = createFileRoute('/check-email')({
  component: () => <UnbuiltPage title="Check Your Email" summary="Verify your email to sign in." />,
});
