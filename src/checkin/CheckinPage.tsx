import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { EventDate } from '../../contract/eventDates';
import { registerOfflineServiceWorker } from '../app/serviceWorker';
import { readStoredUser, readToken } from '../app/storage';
import { forgetLinkSession, readLinkSession } from './api';
import { DoorModes } from './boxOffice/DoorModes';
import { LinkPinScreen } from './LinkPinScreen';
import { ScannerScreen } from './ScannerScreen';
import * as styles from './ScannerScreen.css';

/**
 * /checkin/{eventId}: the organiser (signed in) or door staff (a check-in link's session, or the
 * link itself with ?link=… until the PIN is typed) get the scanner; anyone else is told how to get in.
 */
/** The door's date: the event's dates (none for a single-date event), the one admitted, and a way to change it. */
export type DoorDay = { dates: EventDate[]; current: string | null; pick: (dateId: string) => void };

export function CheckinPage({
  eventId,
  linkToken,
  door,
}: {
  eventId: string;
  linkToken: string | undefined;
  door?: DoorDay;
}) {
  const [session, setSession] = useState(() => readLinkSession(eventId));
  useEffect(() => {
    void registerOfflineServiceWorker();
  }, []);
  if (session)
    return (
      <DoorModes
        eventId={eventId}
        scanner={
          <ScannerScreen
            key={`link-${door?.current ?? ''}`}
            eventId={eventId}
            door={door}
            eventName={session.event.eventName}
            gate={session.label}
            onLeave={() => {
              forgetLinkSession(eventId);
              setSession(null);
            }}
          />
        }
      />
    );
  if (linkToken) return <LinkPinScreen eventId={eventId} token={linkToken} onOpened={setSession} />;
  if (readToken()) {
    // A signed-in scanner may be the owner, a co-organiser or a door supervisor: the header names the
    // person, not a role they may not have.
    const user = readStoredUser();
    return (
      <DoorModes
        eventId={eventId}
        scanner={
          <ScannerScreen
            key={`organiser-${door?.current ?? ''}`}
            eventId={eventId}
            eventName={null}
            gate={null}
            scannerName={user ? `${user.firstName} ${user.lastName}`.trim() : null}
            door={door}
          />
        }
      />
    );
  }
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
