import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { UnbuiltPage } from '../pages/UnbuiltPage';

export const Route = createFileRoute('/_auth/events/preview/$eventId')({
  params: {
    parse: (raw) => z.object({ eventId: z.string().check(z.minLength(1)) }).parse(raw),
    stringify: (p) => p,
  },
  component: () => <UnbuiltPage title="Preview tickets" summary="Review the tickets of your event." />,
});
