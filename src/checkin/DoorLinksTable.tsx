import { useSelector } from '@xstate/react';
import { cardsOnPhone } from '../organiser/organiser.css';
import { visuallyHidden } from '../styles/layout.css';
import { Button } from '../ui/Button';
import type { TabActor } from './CheckinTab';
import * as styles from './CheckinTab.css';

const STATUS_TEXT = { active: 'Active', revoked: 'Revoked', expired: 'Expired' } as const;

const expiry = new Intl.DateTimeFormat('en-NG', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Africa/Lagos',
});

/**
 * The Check-in tab's door staff links: label, status, arrivals, expiry; revoke a live one, and for
 * the owner, let it sell at the door or stop it (checkinLinksMachine's `link.selling`).
 */
export function DoorLinksTable({ actor, owner }: { actor: TabActor; owner: boolean }) {
  const links = useSelector(actor, (s) => s.context.links);
  const revokingId = useSelector(actor, (s) =>
    s.matches({ ready: 'revoking' }) ? s.context.revokingId : null,
  );
  const switching = useSelector(actor, (s) =>
    s.matches({ ready: 'switching' }) ? s.context.switching : null,
  );
  return (
    <div className={styles.card}>
      <h3 className={styles.cardTitle}>Door staff links</h3>
      {links.length === 0 ? (
        <p className={styles.muted}>
          No links yet. Create one per gate so staff can scan without an account.
        </p>
      ) : (
        <div className={styles.scroll}>
          <table className={`${styles.table} ${cardsOnPhone}`}>
            <thead>
              <tr>
                <th className={styles.cell}>Label</th>
                <th className={styles.cell}>Status</th>
                <th className={styles.cell}>Checked in</th>
                <th className={styles.cell}>Expires</th>
                <th className={styles.cell}>
                  <span className={visuallyHidden}>Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {links.map((l) => (
                <tr key={l.id}>
                  <td className={styles.cell} data-label="Label">
                    {l.label}
                    {l.ticketTypeIds && (
                      <span className={styles.muted}>
                        {' '}
                        ({l.ticketTypeIds.length} type{l.ticketTypeIds.length > 1 ? 's' : ''})
                      </span>
                    )}
                    {l.canSell && <span className={styles.muted}> · sells</span>}
                  </td>
                  <td className={styles.cell} data-label="Status">
                    <span className={l.status === 'active' ? styles.statusActive : styles.status}>
                      {STATUS_TEXT[l.status]}
                    </span>
                  </td>
                  <td className={styles.cell} data-label="Checked in">
                    {l.checkedIn}
                  </td>
                  <td className={styles.cell} data-label="Expires">
                    {expiry.format(new Date(l.expiresAt))}
                  </td>
                  <td className={styles.cell}>
                    {l.status === 'active' && owner && (
                      <Button
                        tone="ghost"
                        size="sm"
                        busy={switching?.linkId === l.id}
                        aria-label={`${l.canSell ? 'Stop selling on' : 'Let sell'} ${l.label}`}
                        onClick={() =>
                          actor.send({ type: 'link.selling', linkId: l.id, canSell: !l.canSell })
                        }
                      >
                        {l.canSell ? 'Stop selling' : 'Let it sell'}
                      </Button>
                    )}
                    {l.status === 'active' && (
                      <Button
                        tone="ghost"
                        size="sm"
                        busy={revokingId === l.id}
                        aria-label={`Revoke ${l.label}`}
                        onClick={() => actor.send({ type: 'revoke', linkId: l.id })}
                      >
                        Revoke
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
