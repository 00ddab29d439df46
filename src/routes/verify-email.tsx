import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { VerifyEmailPage } from '../auth/VerifyEmailPage';

const searchSchema = z.object({ token: z.catch(z.optional(z.string()), undefined) });

export const Route = createFileRoute('/verify-email')({
  validateSearch: searchSchema,
  component: function VerifyEmail() {
    const token = Route.useSearch({ select: (s) => s.token });
    return <VerifyEmailPage token={token} />;
  },
});
