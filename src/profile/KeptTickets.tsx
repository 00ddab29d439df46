import { useNavigate } from '@tanstack/react-router';
import type { MyTicketsResponse } from '../../contract/orders';
import { removeKeptTickets } from '../app/keptTickets';
import * as styles from '../organiser/organiser.css';
import { Button, ButtonLink } from '../ui/Button';
import { MyTickets } from './MyTickets';

/**
 * /profile after an idle sign-out (decision 053 §5): no session, but the tickets kept on this phone
 * open as before (offline too), with the way back in and the way to remove them.
 */
export function KeptTickets({ name, tickets }: { name: string | null; tickets: MyTicketsResponse | null }) {
  const navigate = useNavigate();
  const remove = () => {
    removeKeptTickets();
    void navigate({ to: '/login', replace: true });
  };
  return (
    <main id="main" className={styles.widePage}>
      <div>
        <h1 className={styles.title}>{name ? `${name}'s tickets on this phone` : 'Tickets on this phone'}</h1>
        <p className={styles.lead} data-testid="kept-tickets-notice">
          You were signed out after a while without activity. Your tickets stay on this phone and open at the
          gate, even without a network. Sign in again for anything else.
        </p>
        <div className={styles.actions}>
          <ButtonLink to="/login" search={{ from: '/profile' }}>
            Sign in again
          </ButtonLink>
          <Button tone="secondary" onClick={remove}>
            Remove tickets from this phone
          </Button>
        </div>
      </div>
      {tickets ? (
        <MyTickets tickets={tickets} />
      ) : (
        <p className={styles.lead}>No tickets were kept on this phone.</p>
      )}
    </main>
  );
}
