import { createFileRoute } from '@tanstack/react-router';
import { UnbuiltPage } from '../pages/UnbuiltPage';

export const Route = createFileRoute('/privacy')({
  component: () => <UnbuiltPage title="Privacy Policy" summary="How Gatepass handles your data." />,
});
