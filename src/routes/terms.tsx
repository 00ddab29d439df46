import { createFileRoute } from '@tanstack/react-router';
import { UnbuiltPage } from '../pages/UnbuiltPage';

export const Route = createFileRoute('/terms')({
  component: () => <UnbuiltPage title="Terms of Service" summary="The terms for using Gatepass." />,
});
