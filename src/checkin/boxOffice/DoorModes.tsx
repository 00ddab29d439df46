import { type ReactNode, useState } from 'react';
import { Button } from '../../ui/Button';
import * as screen from '../ScannerScreen.css';
import { SellScreen } from './SellScreen';
import * as styles from './SellScreen.css';

/**
 * The door screen's two jobs: Scan (the scanner, kept mounted so its sync and queue go on) and Sell
 * (the box office, decision 062). Whether this device may sell is the server's answer: a link the
 * owner did not allow to sell is told so on the Sell screen.
 */
export function DoorModes({ eventId, scanner }: { eventId: string; scanner: ReactNode }) {
  const [mode, setMode] = useState<'scan' | 'sell'>('scan');
  return (
    <>
      <nav className={styles.modeBar} aria-label="Door">
        <Button
          tone={mode === 'scan' ? 'primary' : 'secondary'}
          aria-pressed={mode === 'scan'}
          onClick={() => setMode('scan')}
        >
          Scan
        </Button>
        <Button
          tone={mode === 'sell' ? 'primary' : 'secondary'}
          aria-pressed={mode === 'sell'}
          onClick={() => setMode('sell')}
        >
          Sell
        </Button>
      </nav>
      <div hidden={mode !== 'scan'}>{scanner}</div>
      {mode === 'sell' && (
        // Not a second <main>: the scanner's stays in the page (hidden) so its sync goes on.
        <section className={screen.screen} aria-label="Sell">
          <SellScreen eventId={eventId} />
        </section>
      )}
    </>
  );
}
