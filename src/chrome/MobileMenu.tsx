import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import type { ReactNode } from 'react';
import { useIsAuthenticated } from '../app/session';
import { AccountArea } from './AccountArea';
import * as styles from './chrome.css';

/** The mobile slide-in menu: focus is trapped inside, Escape and the backdrop close it. */
export default function MobileMenu({ trigger, children }: { trigger: ReactNode; children: ReactNode }) {
  const authenticated = useIsAuthenticated();
  return (
    <Dialog.Root defaultOpen lazyMount unmountOnExit>
      <Dialog.Context>
        {(dialog) => (
          <>
            <Dialog.Trigger className={`${styles.iconButton} ${styles.mobileOnly}`} aria-label="Open menu">
              {trigger}
            </Dialog.Trigger>
            <Portal>
              <Dialog.Backdrop className={styles.drawerBackdrop} />
              <Dialog.Positioner className={styles.drawerPositioner}>
                <Dialog.Content className={styles.drawer}>
                  <div className={styles.drawerHead}>
                    <Dialog.Title className={styles.drawerTitle}>Menu</Dialog.Title>
                    <Dialog.CloseTrigger className={styles.iconButton} aria-label="Close menu">
                      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                        <path
                          d="M6 6l12 12M18 6L6 18"
                          stroke="currentColor"
                          strokeWidth="2"
                          strokeLinecap="round"
                        />
                      </svg>
                    </Dialog.CloseTrigger>
                  </div>
                  {/* Any link followed inside the menu closes it. */}
                  <nav
                    aria-label="Mobile"
                    className={styles.drawerLinks}
                    onClickCapture={(e) => (e.target as HTMLElement).closest('a') && dialog.setOpen(false)}
                  >
                    {children}
                    <AccountArea authenticated={authenticated} />
                  </nav>
                </Dialog.Content>
              </Dialog.Positioner>
            </Portal>
          </>
        )}
      </Dialog.Context>
    </Dialog.Root>
  );
}
