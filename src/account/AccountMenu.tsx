import { Menu } from '@ark-ui/react/menu';
import { Portal } from '@ark-ui/react/portal';
import { useNavigate } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import type { PublicUser } from '../../contract/users';
import { signOut } from '../app/session';
import * as styles from './AccountMenu.css';
import { AvatarFace, fullName } from './Avatar';
import * as avatar from './Avatar.css';

const AccountSettingsDialog = lazy(() => import('./AccountSettingsDialog'));

/** The signed-in avatar menu: full name and username, Settings, Sign out. */
export default function AccountMenu({ user, label }: { user: PublicUser; label: string }) {
  // Whether the settings modal is showing is view state; each section inside runs its own machine.
  const [settingsOpen, setSettingsOpen] = useState(false);
  const navigate = useNavigate();
  return (
    <>
      <Menu.Root
        defaultOpen
        positioning={{ placement: 'bottom-end', gutter: 8 }}
        onSelect={({ value }) => {
          if (value === 'settings') setSettingsOpen(true);
          // An organiser's two everyday places, one tap from any page.
          if (value === 'my-events') void navigate({ to: '/profile' });
          if (value === 'create-event') void navigate({ to: '/events/create' });
          // Sign out: the session tells the server, clears storage and goes to /login.
          if (value === 'sign-out') signOut();
        }}
      >
        <Menu.Trigger className={avatar.trigger} aria-label={label}>
          <AvatarFace user={user} />
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content className={styles.content}>
              <div className={styles.who}>
                <span className={styles.name}>{fullName(user)}</span>
                <span className={styles.username}>@{user.username}</span>
              </div>
              <Menu.Item value="my-events" className={styles.item}>
                <MenuIcon>
                  <rect x="3" y="5" width="18" height="16" rx="2" strokeWidth="2" />
                  <path d="M3 10h18M8 3v4M16 3v4" strokeWidth="2" strokeLinecap="round" />
                </MenuIcon>
                My events
              </Menu.Item>
              <Menu.Item value="create-event" className={styles.item}>
                <MenuIcon>
                  <path d="M12 5v14M5 12h14" strokeWidth="2" strokeLinecap="round" />
                </MenuIcon>
                Create event
              </Menu.Item>
              <Menu.Item value="settings" className={styles.item}>
                <MenuIcon>
                  <circle cx="12" cy="12" r="3" strokeWidth="2" />
                  <path
                    d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z"
                    strokeWidth="1.6"
                  />
                </MenuIcon>
                Settings
              </Menu.Item>
              <Menu.Item value="sign-out" className={styles.danger}>
                <MenuIcon>
                  <path
                    d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 17l5-5-5-5M15 12H3"
                    strokeWidth="2"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  />
                </MenuIcon>
                Sign out
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      {settingsOpen && (
        <Suspense fallback={null}>
          <AccountSettingsDialog user={user} onClose={() => setSettingsOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/** The 18 px stroke icon in front of each menu item (decorative: the item's text names it). */
function MenuIcon({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="none" stroke="currentColor">
      {children}
    </svg>
  );
}
