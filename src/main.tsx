import './styles/global.css';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startDarkMode } from './app/darkMode';
import { connectSessionNavigation } from './app/session';
import { createAppRouter } from './router';

const router = createAppRouter({ darkMode: startDarkMode() });
connectSessionNavigation((to) => router.navigate({ to, replace: true }));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
