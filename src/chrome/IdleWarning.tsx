import { useEffect, useState } from 'react';
import { stayIdleSignedIn, useIdleWarning } from '../app/session';
import { Button } from '../ui/Button';
import * as styles from './idleWarning.css';

/**
 * The minute before the idle sign-out (machines/inactivity.machine.ts, `warning`): a count-down and
 * "Stay signed in", which starts the timer again. Shown on every page, so someone at work in a form
 * is not signed out unwarned.
 */
export function IdleWarning() {
  const warning = useIdleWarning();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!warning) return;
    setNow(Date.now());
    const tick = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(tick);
  }, [warning]);
  if (!warning) return null;
  const seconds = Math.max(0, Math.ceil((warning.signOutAt - now) / 1000));
  return (
    <div role="alertdialog" aria-labelledby="idle-warning-message" className={styles.panel}>
      <p id="idle-warning-message" className={styles.message} aria-live="polite">
        You'll be signed out in {seconds} s
      </p>
      <Button tone="primary" onClick={() => void stayIdleSignedIn()} autoFocus>
        Stay signed in
      </Button>
    </div>
  );
}
