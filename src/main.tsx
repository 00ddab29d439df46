import './styles/global.css';
import { RouterProvider } from '@tanstack/react-router';
import { RouterClient } from '@tanstack/react-router/ssr/client';
import { StrictMode, startTransition } from 'react';
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
  // In a transition, React hydrates in slices of ~5 ms and yields to the browser between them;
  // outside one the first hydration is a single task (decision 060: home's ~470 ms long task on a
  // 4× slower CPU, all of its Total Blocking Time). A tap on a part not yet hydrated makes React
  // hydrate that part first, and earlyInput keeps what was typed before.
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <RouterClient router={router} />
      </StrictMode>,
    );
  });
} else {
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}
