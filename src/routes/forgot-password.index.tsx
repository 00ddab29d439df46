import { createFileRoute } from '@tanstack/react-router';
import { UnbuiltPage } from '../pages/UnbuiltPage';

export const Route = createFileRoute('/forgot-password/')({
  component: () => <UnbuiltPage title="Forgot password" summary="Get a code to reset your password." />,
});
