import { createFileRoute } from '@tanstack/react-router';
import { UnbuiltPage } from '../pages/UnbuiltPage';

export const Route = createFileRoute('/test')({
  component: () => <UnbuiltPage title="Component gallery" summary="Our UI components in both themes." />,
});
