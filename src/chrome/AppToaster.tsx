import { Toaster } from 'react-hot-toast';
import { vars } from '../styles/theme.css';

/** Toasts as spec §9: top-right, 5 s, pause on hover. */
export function AppToaster() {
  return (
    <Toaster
      position="top-right"
      toastOptions={{
        duration: 5000,
        style: {
          background: vars.color.surface,
          color: vars.color.text,
          border: `1px solid ${vars.color.border}`,
        },
      }}
    />
  );
}
