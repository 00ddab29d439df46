import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { LoginPage } from '../auth/LoginPage';

/** `from` is where a guarded route sent the visitor; only same-site paths are accepted. */
const searchSchema = z.object({
  from: z.catch(z.optional(z.string().check(z.regex(/^\/(?!\/)/))), undefined),
});

export const Route = createFileRoute('/login')({
  validateSearch: searchSchema,
  component: function Login() {
    const from = Route.useSearch({ select: (s) => s.from });
    return <LoginPage from={from} />;
  },
});
