import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { UnbuiltPage } from '../pages/UnbuiltPage';

export const Route = createFileRoute('/_auth/events/create/2/$eventId')({
  params: {
    parse: (raw) => z.object({ eventId: z.string().check(z.minLength(1)) }).parse(raw),
    stringify: (p) => p,
  },
  component: () => <UnbuiltPage title="Add tickets" summary="Step 2 of 3: tickets." />,
});
