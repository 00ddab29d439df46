import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { hasStarted } from '../../contract/eventTime';
import type { Order } from '../../contract/orders';
import { orderSelfServiceMachine } from '../../machines/orderSelfService.machine';
import { giveBackOrder, resendOrderTickets } from '../api/orders';
import { Button } from '../ui/Button';
import { FormAlert } from '../ui/Field';
import { notifyAction } from '../ui/notify';
import * as styles from './checkout.css';

/**
 * Under a confirmed order: 'Email my tickets again', and for a free order before the event starts
 * 'Give my tickets back' (confirmed first). The flow is machines/orderSelfService.machine.ts.
 */
export function OrderSelfService({ order }: { order: Order }) {
  const navigate = useNavigate();
  const actor = useActorRef(
    orderSelfServiceMachine.provide({
      actors: {
        resend: fromPromise(({ input }) => resendOrderTickets(input.orderId)),
        giveBack: fromPromise(({ input }) => giveBackOrder(input.orderId)),
      },
      actions: { notify: notifyAction, givenBack: () => void navigate({ to: '/profile' }) },
    }),
    { input: { orderId: order._id } },
  );
  const error = useSelector(actor, (s) => s.context.error);
  const resending = useSelector(actor, (s) => s.matches('resending'));
  const confirming = useSelector(actor, (s) => s.matches('confirming'));
  const givingBack = useSelector(actor, (s) => s.matches('givingBack'));
  const mayGiveBack = order.total === 0 && !hasStarted(order.event);
  return (
    <section className={styles.selfService} aria-label="Manage your order">
      <FormAlert tone="error">{error}</FormAlert>
      {confirming || givingBack ? (
        <div className={styles.confirmBox} role="alertdialog" aria-labelledby="give-back-question">
          <p id="give-back-question">
            Give back {order.tickets.length === 1 ? 'this ticket' : `these ${order.tickets.length} tickets`}?{' '}
            They stop working at once and the seats go back on sale.
          </p>
          <div className={styles.actions}>
            <Button
              tone="secondary"
              disabled={givingBack}
              onClick={() => actor.send({ type: 'giveBack.cancel' })}
            >
              Keep my tickets
            </Button>
            <Button busy={givingBack} onClick={() => actor.send({ type: 'giveBack.confirm' })}>
              Give them back
            </Button>
          </div>
        </div>
      ) : (
        <div className={styles.actions}>
          <Button tone="secondary" busy={resending} onClick={() => actor.send({ type: 'resend' })}>
            Email my tickets again
          </Button>
          {mayGiveBack && (
            <Button tone="ghost" onClick={() => actor.send({ type: 'giveBack.ask' })}>
              Give my tickets back
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
