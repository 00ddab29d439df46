import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { registerOfflineServiceWorker } from '../app/serviceWorker';
import { readToken } from '../app/storage';
import { forgetLinkSession, readLinkSession } from './api';
import { LinkPinScreen } from './LinkPinScreen';
import { ScannerScreen } from './ScannerScreen';
import * as styles from './ScannerScreen.css';

/**
 * /checkin/{eventId}: the organiser (signed in) or door staff (a check-in link's session, or the
 * link itself with ?link=… until the PIN is typed) get the scanner; anyone else is told how to get in.
 */
export function CheckinPage({ eventId, linkToken }: { eventId: string; linkToken: string | undefined }) {
  const [session, setSession] = useState(() => readLinkSession(eventId));
  useEffect(() => {
    void registerOfflineServiceWorker();
  }, []);
  if (session)
    return (
      <ScannerScreen
        key="link"
        eventId={eventId}
        eventName={session.event.eventName}
        gate={session.label}
        onLeave={() => {
          forgetLinkSession(eventId);
          setSession(null);
        }}
      />
    );
  if (linkToken) return <LinkPinScreen eventId={eventId} token={linkToken} onOpened={setSession} />;
  if (readToken()) return <ScannerScreen key="organiser" eventId={eventId} eventName={null} gate={null} />;
  return (
    <main id="main" className={styles.screen}>
      <section className={styles.panel}>
        <h1 className={styles.eventName}>Door check-in</h1>
        <p className={styles.muted}>
          Sign in as the event's organiser, or open the check-in link the organiser shared with you.
        </p>
        <Link to="/login" search={{ from: `/checkin/${eventId}` }}>
          Sign in
        </Link>
      </section>
    </main>
  );
}
