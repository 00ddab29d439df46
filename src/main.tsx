import './styles/global.css';
import { RouterProvider } from '@tanstack/react-router';
import { RouterClient } from '@tanstack/react-router/ssr/client';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { startDarkMode } from './app/darkMode';
import { connectSessionNavigation } from './app/session';
import { recordEarlyInput } from './motion/earlyInput';
import { createAppRouter } from './router';

const router = createAppRouter({ darkMode: startDarkMode() });
connectSessionNavigation((to) => router.navigate({ to, replace: true }));

const root = document.getElementById('root')!;
// The public pages arrive rendered with their data (src/entry-server.tsx): hydrate them from the
// dehydrated router state. Every other page is the empty shell, rendered here.
if (window.$_TSR) {
  // Taps and typing on sections whose code comes later are kept from now, not from when React's
  // hydration (done in slices) reaches them.
  recordEarlyInput();
  hydrateRoot(
    root,
    <StrictMode>
      <RouterClient router={router} />
    </StrictMode>,
  );
} else {
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}
