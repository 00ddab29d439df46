import type { Order } from '../../contract/orders';
import { answerText, type CheckoutQuestion } from '../../contract/questions';
import * as styles from './checkout.css';

/**
 * The buyer's answers to the organiser's questions (decision 045), shown back on the order page so
 * they can see what the organiser has. Per-attendee answers name their ticket by its number in the
 * order, as the contact step did. Questions the event no longer asks are left out.
 */
export function OrderAnswers({ order, questions }: { order: Order; questions: readonly CheckoutQuestion[] }) {
  const shown = order.answers.flatMap((a) => {
    const q = questions.find((x) => x.id === a.questionId);
    return q ? [{ a, q }] : [];
  });
  if (shown.length === 0) return null;
  const firstSeat = new Map<string, number>();
  let seats = 0;
  for (const item of order.items) {
    firstSeat.set(item.ticketId, seats);
    seats += item.quantity;
  }
  return (
    <details className={styles.answers}>
      <summary>Your answers to the organiser's questions</summary>
      <dl className={styles.answerList}>
        {shown.map(({ a, q }) => (
          <div key={`${a.questionId}:${a.ticketId ?? ''}:${a.index ?? ''}`}>
            <dt>
              {q.label}
              {a.ticketId === undefined
                ? ''
                : ` (ticket ${(firstSeat.get(a.ticketId) ?? 0) + (a.index ?? 0) + 1})`}
            </dt>
            <dd>{answerText(a.value)}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
