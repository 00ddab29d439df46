import type { PublicUser } from '../../contract/users';
import * as styles from './Avatar.css';

export const fullName = (user: PublicUser) => `${user.firstName} ${user.lastName}`.trim();

export function initials(user: PublicUser): string {
  return (
    `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase() ||
    user.username.charAt(0).toUpperCase()
  );
}

/** What the avatar menu's trigger shows: initials and the first name. */
export function AvatarFace({ user }: { user: PublicUser }) {
  return (
    <>
      {/* The initials are drawn by CSS (attr()), not text: the button's visible text is then the first
          name alone, which its label ('Account menu for <full name>') contains, as a voice-control
          user saying what they see needs. */}
      <span className={styles.avatar} data-initials={initials(user)} aria-hidden="true" />
      <span className={styles.firstName} aria-hidden="true">
        {user.firstName}
      </span>
      <svg className={styles.chevron} viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
        <path d="M5 8l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </>
  );
}
