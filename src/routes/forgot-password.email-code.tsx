import { createFileRoute } from '@tanstack/react-router';
import { UnbuiltPage } from '../pages/UnbuiltPage';

export const Route = createFileRoute('/forgot-password/email-code')({
  component: () => <UnbuiltPage title="Email Verification" summary="Enter the code we emailed you." />,
});
