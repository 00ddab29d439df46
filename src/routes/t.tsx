import { createFileRoute } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { SharedTicketPage } from '../tickets/SharedTicketPage';
import { takeSharedTicketToken } from '../tickets/sharedTicketToken';

/**
 * A ticket's own link, /t#token (decision 040). The token is in the fragment, which never reaches a
 * server or its logs; it stays in the address bar so the holder can reopen or bookmark the ticket.
 */
export const Route = createFileRoute('/t')({
  head: () => ({ meta: [{ title: 'Your ticket — Gatepass' }, { name: 'robots', content: 'noindex' }] }),
  component: function SharedTicket() {
    const [token, setToken] = useState<string | null>(null);
    useEffect(() => {
      const found = takeSharedTicketToken(window.location.hash);
      setToken(found);
      if (found && !window.location.hash)
        window.history.replaceState(window.history.state, '', `/t#${found}`);
    }, []);
    return token === null ? null : <SharedTicketPage token={token} />;
  },
});
