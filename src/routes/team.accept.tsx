import { createFileRoute } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { PENDING_INVITE_KEY, TeamAcceptPage } from '../team/TeamAcceptPage';

/**
 * A team invitation's link (decision 043). Its token is in the fragment, read once and then cleared
 * from the address bar; it waits in this tab's session storage while the invitee signs in.
 */
export const Route = createFileRoute('/team/accept')({
  head: () => ({ meta: [{ title: 'Join the event team — Gatepass' }] }),
  component: function TeamAccept() {
    const [token, setToken] = useState<string | null>(null);
    useEffect(() => {
      const fromLink = /(?:^#|&)token=([A-Za-z0-9_-]+)/.exec(window.location.hash)?.[1] ?? '';
      if (fromLink) {
        sessionStorage.setItem(PENDING_INVITE_KEY, fromLink);
        window.history.replaceState(window.history.state, '', window.location.pathname);
      }
      setToken(fromLink || sessionStorage.getItem(PENDING_INVITE_KEY) || '');
    }, []);
    return token === null ? null : <TeamAcceptPage token={token} />;
  },
});
