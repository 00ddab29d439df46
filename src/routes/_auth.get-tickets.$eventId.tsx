import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { UnbuiltPage } from '../pages/UnbuiltPage';

export const Route = createFileRoute('/_auth/get-tickets/$eventId')({
  params: {
    parse: (raw) => z.object({ eventId: z.string().check(z.minLength(1)) }).parse(raw),
    stringify: (p) => p,
  },
  component: () => <UnbuiltPage title="Checkout" summary="Choose your tickets." />,
});
