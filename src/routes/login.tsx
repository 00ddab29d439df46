import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '../auth/LoginPage';
import { fromSearch } from '../auth/returnTo';

/** `from` is where a guarded route sent the visitor; only same-site paths are accepted. */

export const Route = createFileRoute('/login')({
  validateSearch: fromSearch,
  component: function Login() {
    const from = Route.useSearch({ select: (s) => s.from });
    return <LoginPage from={from} />;
  },
});
