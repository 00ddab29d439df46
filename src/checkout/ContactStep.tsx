import { useSelector } from '@xstate/react';
import { COUNTRY_CODES, type CountryCode } from '../../contract/orders';
import type { AttendeeValues, ContactValues } from '../../machines/checkout/contact';
import { Button } from '../ui/Button';
import { FormAlert, TextField } from '../ui/Field';
import * as fieldStyles from '../ui/field.css';
import * as styles from './checkout.css';
import type { CheckoutActor } from './checkoutSession';
import { OrderSummary } from './OrderSummary';
import { OrderQuestions, SeatQuestionCards, SeatQuestions } from './QuestionFields';
import { summaryOf } from './summaryOf';

type TextKey = Exclude<keyof ContactValues, 'countryCode'>;

/** Contact step: the buyer, and optionally who each ticket is for. 'Continue' reserves. */
export function ContactStep({ actor }: { actor: CheckoutActor }) {
  const contact = useSelector(actor, (s) => s.context.contact);
  const errors = useSelector(actor, (s) => s.context.contactErrors);
  const sendToOthers = useSelector(actor, (s) => s.context.sendToOthers);
  const attendees = useSelector(actor, (s) => s.context.attendees);
  const error = useSelector(actor, (s) => s.context.error);
  const reserving = useSelector(actor, (s) => s.matches({ flow: 'reserving' }));
  const order = useSelector(actor, (s) => s.context.order);
  const tickets = useSelector(actor, (s) => s.context.tickets);
  const quantities = useSelector(actor, (s) => s.context.quantities);
  const feesAbsorbed = useSelector(actor, (s) => s.context.event?.feeMode === 'absorbed');

  const bind = (field: TextKey) => ({
    value: contact[field],
    error: errors[field],
    onValueChange: (value: string) => actor.send({ type: 'contact.change', field, value }),
  });

  return (
    <div className={styles.layout}>
      <form
        className={styles.card}
        noValidate
        aria-labelledby="contact-heading"
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'contact.submit' });
        }}
      >
        <h2 id="contact-heading" className={styles.cardTitle}>
          Contact information
        </h2>
        <FormAlert tone="error">{error}</FormAlert>
        <div className={fieldStyles.row}>
          <TextField label="First name" autoComplete="given-name" requiredMark {...bind('firstName')} />
          <TextField label="Last name" autoComplete="family-name" requiredMark {...bind('lastName')} />
        </div>
        <div className={fieldStyles.row}>
          <TextField
            label="Email address"
            type="email"
            autoComplete="email"
            requiredMark
            {...bind('email')}
          />
          <TextField
            label="Confirm Email address"
            type="email"
            autoComplete="email"
            requiredMark
            {...bind('confirmEmail')}
          />
        </div>
        <div className={styles.phoneRow}>
          <div className={fieldStyles.field}>
            <label htmlFor="country-code" className={fieldStyles.label}>
              Country code
            </label>
            <select
              id="country-code"
              className={fieldStyles.input}
              value={contact.countryCode}
              onChange={(e) =>
                actor.send({
                  type: 'contact.change',
                  field: 'countryCode',
                  value: e.target.value as CountryCode,
                })
              }
            >
              {COUNTRY_CODES.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          </div>
          <TextField
            label="Phone number"
            type="tel"
            autoComplete="tel-national"
            inputMode="tel"
            requiredMark
            {...bind('phone')}
          />
        </div>

        <OrderQuestions actor={actor} />

        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>Send ticket to different email addresses?</legend>
          <div className={styles.radioRow}>
            {[true, false].map((value) => (
              <label key={String(value)}>
                <input
                  type="radio"
                  name="send-to-others"
                  className={styles.radio}
                  checked={sendToOthers === value}
                  onChange={() => actor.send({ type: 'contact.sendToOthers', value })}
                />
                {value ? 'Yes' : 'No'}
              </label>
            ))}
          </div>
        </fieldset>

        {sendToOthers &&
          attendees.map((attendee, index) => (
            <AttendeeFields
              // Rows are positional: one per seat, in the order of the chosen types.
              key={index}
              actor={actor}
              index={index}
              attendee={attendee}
              errors={errors}
            />
          ))}
        {!sendToOthers && <SeatQuestionCards actor={actor} />}

        <div className={styles.actions}>
          <Button tone="secondary" onClick={() => actor.send({ type: 'step.back', to: 'selection' })}>
            Back
          </Button>
          <Button type="submit" size="lg" busy={reserving}>
            Continue
          </Button>
        </div>
      </form>
      <OrderSummary summary={summaryOf(order, tickets, quantities, feesAbsorbed)} />
    </div>
  );
}

function AttendeeFields({
  actor,
  index,
  attendee,
  errors,
}: {
  actor: CheckoutActor;
  index: number;
  attendee: AttendeeValues;
  errors: Partial<Record<string, string>>;
}) {
  const bind = (field: 'firstName' | 'lastName' | 'email' | 'confirmEmail') => ({
    value: attendee[field],
    error: errors[`attendees.${index}.${field}`],
    onValueChange: (value: string) => actor.send({ type: 'attendee.change', index, field, value }),
  });
  return (
    <fieldset className={styles.attendeeCard}>
      <legend className={styles.legend}>
        Ticket {index + 1}: {attendee.ticketName}
      </legend>
      <div className={fieldStyles.row}>
        <TextField label="First name" requiredMark {...bind('firstName')} />
        <TextField label="Last name" requiredMark {...bind('lastName')} />
      </div>
      <div className={fieldStyles.row}>
        <TextField label="Email address" type="email" requiredMark {...bind('email')} />
        <TextField label="Confirm Email address" type="email" requiredMark {...bind('confirmEmail')} />
      </div>
      <SeatQuestions actor={actor} number={index + 1} />
    </fieldset>
  );
}
