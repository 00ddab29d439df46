import type { GuestRow } from '../../../contract/organiser';
import type { GuestAnswers as Answers, GuestAnswer } from '../../../contract/questions';
import * as styles from '../organiser.css';
import * as own from './GuestAnswers.css';

/**
 * The Guestlist's answers cell for one order line (decision 045): the order's answers once, then
 * each ticket's (by seat, with its attendee when not the buyer). A deleted question's answers stay,
 * marked so.
 */
export function GuestAnswers({ row, answers }: { row: GuestRow; answers: Answers }) {
  const label = (id: string) => {
    const q = answers.questions.find((x) => x.id === id);
    return q ? `${q.label}${q.deleted ? ' (deleted question)' : ''}` : 'Question';
  };
  const text = (list: GuestAnswer[]) => list.map((a) => `${label(a.questionId)}: ${a.value}`).join(' · ');
  const orderAnswers = answers.byOrder[row.orderId] ?? [];
  const tickets = row.tickets.flatMap((t, seat) => {
    const list = answers.byTicket[t.id] ?? [];
    return list.length > 0 ? [{ id: t.id, seat, name: t.attendeeName, list }] : [];
  });
  if (orderAnswers.length === 0 && tickets.length === 0) return <span className={styles.note}>None</span>;
  return (
    <ul className={own.answers} aria-label="Answers">
      {orderAnswers.length > 0 && <li>{text(orderAnswers)}</li>}
      {tickets.map((t) => (
        <li key={t.id}>
          <span className={styles.note}>
            Ticket {t.seat + 1}
            {t.name !== row.purchasedBy ? ` (${t.name})` : ''}:
          </span>{' '}
          {text(t.list)}
        </li>
      ))}
    </ul>
  );
}
