import { createFileRoute } from '@tanstack/react-router';
import { SignupPage } from '../auth/SignupPage';

export const Route = createFileRoute('/signup')({
  component: SignupPage,
});
