import { createFileRoute } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { UnsubscribePage } from '../tickets/UnsubscribePage';

/**
 * /unsubscribe#token, the link in every organiser message (decision 070). The token rides in the
 * fragment, which never reaches a server or its logs; the page posts it in a request body.
 */
export const Route = createFileRoute('/unsubscribe')({
  head: () => ({ meta: [{ title: 'Unsubscribe — Gatepass' }, { name: 'robots', content: 'noindex' }] }),
  component: function Unsubscribe() {
    const [token, setToken] = useState<string | null>(null);
    useEffect(() => setToken(decodeURIComponent(window.location.hash.replace(/^#/, ''))), []);
    return token === null ? null : <UnsubscribePage token={token} />;
  },
});
