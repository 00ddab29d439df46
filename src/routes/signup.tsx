import { createFileRoute } from '@tanstack/react-router';
import { fromSearch } from '../auth/returnTo';
import { SignupPage } from '../auth/SignupPage';

export const Route = createFileRoute('/signup')({
  // `from` travels on from the sign-in page: the buyer came to sign up on the way to some tickets.
  validateSearch: fromSearch,
  component: function Signup() {
    const from = Route.useSearch({ select: (s) => s.from });
    return <SignupPage from={from} />;
  },
});
