import { Portal } from '@ark-ui/react/portal';
import { useEffect, useState } from 'react';
import { stayIdleSignedIn, useIdleWarning } from '../app/session';
import { Button } from '../ui/Button';
import * as styles from './idleWarning.css';

/**
 * The minute before the idle sign-out (machines/inactivity.machine.ts, `warning`): a count-down and
 * "Stay signed in", which starts the timer again. Shown on every page, so someone at work in a form
 * is not signed out unwarned — over a modal dialog too (Account settings): put at the end of the body
 * when it appears, after the dialog hid everything else from assistive technology and took the
 * pointer away from it, and drawn above the dialog's backdrop (idleWarning.css.ts).
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
  // Focus goes to "Stay signed in", unless a modal dialog is open: taking focus out of it would close
  // it (a focus outside dismisses it) and lose the person's work there; a key press ends the warning
  // anyway, and the alertdialog is announced without the focus.
  const overModal = document.querySelector('[role="dialog"][aria-modal="true"]') !== null;
  return (
    <Portal>
      <div role="alertdialog" aria-labelledby="idle-warning-message" className={styles.panel}>
        <p id="idle-warning-message" className={styles.message} aria-live="polite">
          You'll be signed out in {seconds} s
        </p>
        <Button tone="primary" onClick={() => void stayIdleSignedIn()} autoFocus={!overModal}>
          Stay signed in
        </Button>
      </div>
    </Portal>
  );
}
