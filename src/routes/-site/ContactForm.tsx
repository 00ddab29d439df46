import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { type FormEvent, useId } from 'react';
import toast from 'react-hot-toast';
import { fromPromise } from 'xstate';
import type { ContactRequest } from '../../../contract/contact';
import { contactFormMachine } from '../../../machines/contactForm.machine';
import { Button } from '../../ui/Button';
import { postContactMessage } from './api';
import { emailJsConfigFromEnv, sendWithEmailJs } from './emailjs';
import { TextAreaField, TextField } from './Field';
import * as styles from './form.css';

const emailJs = emailJsConfigFromEnv();

/** Our API by default; EmailJS when it is configured at build time (spec §7). */
async function sendMessage(values: ContactRequest): Promise<void> {
  if (emailJs) return sendWithEmailJs(emailJs, values);
  await postContactMessage(values);
}

const machine = contactFormMachine.provide({
  actors: { sendMessage: fromPromise<unknown, ContactRequest>(({ input }) => sendMessage(input)) },
  actions: {
    notifySent: () => toast.success('Email Sent successfully!'),
    notifyFailed: (_, { text }) => toast.error(`Failed to send email: ${text}`),
  },
});

/** The Contact Us form (spec §2, §5): home page and /contact. */
export function ContactForm() {
  const actor = useActorRef(machine);
  const id = useId();
  const sending = useSelector(actor, (s) => s.matches('sending'));
  const firstName = useSelector(actor, (s) => s.context.values.firstName);
  const lastName = useSelector(actor, (s) => s.context.values.lastName);
  const email = useSelector(actor, (s) => s.context.values.email);
  const message = useSelector(actor, (s) => s.context.values.message);
  const agreement = useSelector(actor, (s) => s.context.values.agreement);
  const errors = useSelector(actor, (s) => s.context.errors);

  const change =
    (field: 'firstName' | 'lastName' | 'email' | 'message') => (e: { target: { value: string } }) =>
      actor.send({ type: 'field.change', field, value: e.target.value });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    actor.send({ type: 'form.submit' });
    // Put the keyboard where the first problem is.
    const invalid = actor.getSnapshot().context.errors;
    const first = (['firstName', 'lastName', 'email', 'message', 'agreement'] as const).find(
      (f) => invalid[f],
    );
    if (first) document.getElementById(`${id}-${first}`)?.focus();
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Contact us">
      <div className={styles.row}>
        <TextField
          id={`${id}-firstName`}
          label="First Name"
          autoComplete="given-name"
          value={firstName}
          onChange={change('firstName')}
          error={errors.firstName}
          disabled={sending}
        />
        <TextField
          id={`${id}-lastName`}
          label="Last Name"
          autoComplete="family-name"
          value={lastName}
          onChange={change('lastName')}
          error={errors.lastName}
          disabled={sending}
        />
      </div>
      <TextField
        id={`${id}-email`}
        label="Email Address"
        type="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        onChange={change('email')}
        error={errors.email}
        disabled={sending}
      />
      <TextAreaField
        id={`${id}-message`}
        label="Your Message"
        rows={5}
        value={message}
        onChange={change('message')}
        error={errors.message}
        disabled={sending}
      />
      <div className={styles.field}>
        <div className={styles.checkboxRow}>
          <input
            id={`${id}-agreement`}
            type="checkbox"
            className={styles.checkbox}
            checked={agreement}
            onChange={(e) =>
              actor.send({ type: 'field.change', field: 'agreement', value: e.target.checked })
            }
            aria-invalid={errors.agreement ? true : undefined}
            aria-describedby={errors.agreement ? `${id}-agreement-error` : undefined}
            aria-required
            disabled={sending}
          />
          <span>
            <label htmlFor={`${id}-agreement`}>I agree to the Terms & conditions</label> (
            <Link to="/terms">read them</Link>)
          </span>
        </div>
        {errors.agreement && (
          <p id={`${id}-agreement-error`} className={styles.error}>
            {errors.agreement}
          </p>
        )}
      </div>
      <div className={styles.actions}>
        <Button type="submit" busy={sending} size="lg">
          {sending ? 'Sending...' : 'Send Message'}
        </Button>
      </div>
    </form>
  );
}
