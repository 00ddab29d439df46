import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { UnbuiltPage } from '../pages/UnbuiltPage';

export const Route = createFileRoute('/_auth/profile-event/$tab/$eventId')({
  params: {
    parse: (raw) => z.object({ tab: z.string(), eventId: z.string().check(z.minLength(1)) }).parse(raw),
    stringify: (p) => p,
  },
  component: () => (
    <UnbuiltPage title="Manage event" summary="Details, tickets, appearance, guestlist and sales." />
  ),
});
