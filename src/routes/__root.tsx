import { createRootRouteWithContext } from '@tanstack/react-router';
import { Layout } from '../chrome/Layout';
import type { RouterContext } from '../router';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Layout,
});
