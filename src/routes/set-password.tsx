import { createFileRoute } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { SetPasswordPage } from '../auth/SetPasswordPage';

/**
 * The set-password link of a quick-checkout account (decision 038). Its token is in the fragment,
 * read once on the page and then cleared from the address bar (so it is not left in history).
 */
export const Route = createFileRoute('/set-password')({
  head: () => ({ meta: [{ title: 'Set your password — Gatepass' }] }),
  component: function SetPassword() {
    const [token, setToken] = useState<string | null>(null);
    useEffect(() => {
      const found = /(?:^#|&)token=([A-Za-z0-9_-]+)/.exec(window.location.hash)?.[1] ?? '';
      setToken(found);
      if (found) window.history.replaceState(window.history.state, '', window.location.pathname);
    }, []);
    return token === null ? null : <SetPasswordPage token={token} />;
  },
});
