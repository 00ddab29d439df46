import { createFileRoute } from '@tanstack/react-router';
import { UnbuiltPage } from '../pages/UnbuiltPage';

export const Route = createFileRoute('/contact')({
  component: () => <UnbuiltPage title="Contact us" summary="Send the Gatepass team a message." />,
});
