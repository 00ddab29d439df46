import { ToastBar, Toaster, toast } from 'react-hot-toast';
import { vars } from '../styles/theme.css';
import * as styles from './chrome.css';

/** Toasts: top-right, 5 s, pause on hover, and a close button on each. */
export default function AppToaster() {
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
    >
      {(t) => (
        <ToastBar toast={t}>
          {({ icon, message }) => (
            <>
              {icon}
              {message}
              {t.type !== 'loading' && (
                <button
                  type="button"
                  className={styles.toastClose}
                  aria-label="Close notification"
                  onClick={() => toast.dismiss(t.id)}
                >
                  <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
                    <path
                      d="M6 6l12 12M18 6L6 18"
                      stroke="currentColor"
                      strokeWidth="2.2"
                      strokeLinecap="round"
                    />
                  </svg>
                </button>
              )}
            </>
          )}
        </ToastBar>
      )}
    </Toaster>
  );
}
