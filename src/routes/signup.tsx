import { createFileRoute } from '@tanstack/react-router';
import { UnbuiltPage } from '../pages/UnbuiltPage';

export const Route = createFileRoute('/signup')({
  component: () => (
    <UnbuiltPage title="Create your account" summary="Sign up to create events and buy tickets." />
  ),
});
