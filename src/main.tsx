import './styles/global.css';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startDarkMode } from './app/darkMode';
import { createAppRouter } from './router';

const router = createAppRouter({ darkMode: startDarkMode() });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
