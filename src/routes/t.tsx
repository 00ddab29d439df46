import { createFileRoute } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { SharedTicketPage } from '../tickets/SharedTicketPage';
import { takeCheckToken, takeSharedTicketToken } from '../tickets/sharedTicketToken';
import { TicketCheckPage } from '../tickets/TicketCheckPage';

/**
 * A ticket's own link, /t#token (decision 040). The token is in the fragment, which never reaches a
 * server or its logs; it stays in the address bar so the holder can reopen or bookmark the ticket.
 */
export const Route = createFileRoute('/t')({
  head: () => ({ meta: [{ title: 'Your ticket — Gatepass' }, { name: 'robots', content: 'noindex' }] }),
  component: function SharedTicket() {
    const [token, setToken] = useState<string | null>(null);
    const [check, setCheck] = useState<string | null>(null);
    useEffect(() => {
      // A check link (/t#check=…, decision 058) shows whether the ticket is good, never the ticket.
      if (window.location.hash.startsWith('#check=')) {
        setCheck(takeCheckToken(window.location.hash));
        return;
      }
      const found = takeSharedTicketToken(window.location.hash);
      setToken(found);
      if (found && !window.location.hash)
        window.history.replaceState(window.history.state, '', `/t#${found}`);
    }, []);
    if (check !== null) return <TicketCheckPage token={check} />;
    return token === null ? null : <SharedTicketPage token={token} />;
  },
});
