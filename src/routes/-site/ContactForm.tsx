import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { type FormEvent, useId } from 'react';
import { fromPromise } from 'xstate';
import type { ContactRequest } from '../../../contract/contact';
import { contactFormMachine } from '../../../machines/contactForm.machine';
import { Button } from '../../ui/Button';
import { CheckboxField, TextAreaField, TextField } from '../../ui/Field';
import * as styles from '../../ui/field.css';
import { notify } from '../../ui/notify';
import { postContactMessage } from './api';
import { actions } from './contact.css';
import { emailJsConfigFromEnv, sendWithEmailJs } from './emailjs';

const emailJs = emailJsConfigFromEnv();

/** Our API by default; EmailJS when it is configured at build time. */
async function sendMessage(values: ContactRequest): Promise<void> {
  if (emailJs) return sendWithEmailJs(emailJs, values);
  await postContactMessage(values);
}

const machine = contactFormMachine.provide({
  actors: { sendMessage: fromPromise<unknown, ContactRequest>(({ input }) => sendMessage(input)) },
  actions: {
    notifySent: () => notify.success('Email Sent successfully!'),
    notifyFailed: (_, { text }) => notify.error(`Failed to send email: ${text}`),
  },
});

/** The Contact Us form: home page and /contact. */
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

  const change = (field: 'firstName' | 'lastName' | 'email' | 'message') => (value: string) =>
    actor.send({ type: 'field.change', field, value });

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
          requiredMark
          autoComplete="given-name"
          value={firstName}
          onValueChange={change('firstName')}
          error={errors.firstName}
          disabled={sending}
        />
        <TextField
          id={`${id}-lastName`}
          label="Last Name"
          requiredMark
          autoComplete="family-name"
          value={lastName}
          onValueChange={change('lastName')}
          error={errors.lastName}
          disabled={sending}
        />
      </div>
      <TextField
        id={`${id}-email`}
        label="Email Address"
        requiredMark
        type="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        onValueChange={change('email')}
        error={errors.email}
        disabled={sending}
      />
      <TextAreaField
        id={`${id}-message`}
        label="Your Message"
        requiredMark
        rows={5}
        value={message}
        onValueChange={change('message')}
        error={errors.message}
        disabled={sending}
      />
      <CheckboxField
        id={`${id}-agreement`}
        label="I agree to the Terms & conditions"
        after={
          <>
            {' '}
            (<Link to="/terms">read them</Link>)
          </>
        }
        checked={agreement}
        onCheckedChange={(checked) =>
          actor.send({ type: 'field.change', field: 'agreement', value: checked })
        }
        error={errors.agreement}
        aria-required
        disabled={sending}
      />
      <div className={actions}>
        <Button type="submit" busy={sending} size="lg">
          {sending ? 'Sending...' : 'Send Message'}
        </Button>
      </div>
    </form>
  );
}
