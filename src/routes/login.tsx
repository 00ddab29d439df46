import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { UnbuiltPage } from '../pages/UnbuiltPage';

/** `from` is where a guarded route sent the visitor; only same-site paths are accepted. */
const searchSchema = z.object({
  from: z.catch(z.optional(z.string().check(z.regex(/^\/(?!\/)/))), undefined),
});

export const Route = createFileRoute('/login')({
  validateSearch: searchSchema,
  component: () => <UnbuiltPage title="Sign in" summary="Sign in to manage your events and tickets." />,
});
