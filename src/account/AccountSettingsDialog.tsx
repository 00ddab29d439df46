import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { Tabs } from '@ark-ui/react/tabs';
import type { PublicUser } from '../../contract/users';
import { AccountSection } from './AccountSection';
import * as styles from './AccountSettings.css';
import { LoginMethodsSection } from './LoginMethodsSection';
import { PayoutsSection } from './PayoutsSection';
import { SecuritySection } from './SecuritySection';

/**
 * The account settings modal: Account (profile, session management, delete account),
 * Security (change password, active sessions), Login methods (the spec's settings view) and
 * Payouts (the organiser's payout account, decision 010).
 */
export default function AccountSettingsDialog({ user, onClose }: { user: PublicUser; onClose: () => void }) {
  return (
    <Dialog.Root open onOpenChange={({ open }) => !open && onClose()}>
      <Portal>
        <Dialog.Backdrop className={styles.backdrop} />
        <Dialog.Positioner className={styles.positioner}>
          <Dialog.Content className={styles.content}>
            <div className={styles.head}>
              <Dialog.Title className={styles.title}>Account settings</Dialog.Title>
              <Dialog.CloseTrigger className={styles.close} aria-label="Close settings">
                <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                  <path
                    d="M6 6l12 12M18 6L6 18"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                  />
                </svg>
              </Dialog.CloseTrigger>
            </div>
            <Tabs.Root defaultValue="account" className={styles.tabs} lazyMount>
              <Tabs.List className={styles.tabList}>
                <Tabs.Trigger value="account" className={styles.tab}>
                  Account
                </Tabs.Trigger>
                <Tabs.Trigger value="security" className={styles.tab}>
                  Security
                </Tabs.Trigger>
                <Tabs.Trigger value="login" className={styles.tab}>
                  Login methods
                </Tabs.Trigger>
                <Tabs.Trigger value="payouts" className={styles.tab}>
                  Payouts
                </Tabs.Trigger>
              </Tabs.List>
              <Tabs.Content value="account" className={styles.panel}>
                <AccountSection user={user} onClose={onClose} />
              </Tabs.Content>
              <Tabs.Content value="security" className={styles.panel}>
                <SecuritySection />
              </Tabs.Content>
              <Tabs.Content value="login" className={styles.panel}>
                <LoginMethodsSection user={user} onClose={onClose} />
              </Tabs.Content>
              <Tabs.Content value="payouts" className={styles.panel}>
                <PayoutsSection />
              </Tabs.Content>
            </Tabs.Root>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
