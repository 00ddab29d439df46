import { useActorRef, useSelector } from '@xstate/react';
import { type FormEvent, useId } from 'react';
import { fromPromise } from 'xstate';
import type { NewsletterRequest } from '../../../contract/newsletter';
import { newsletterMachine } from '../../../machines/newsletter.machine';
import { Reveal } from '../../motion/Reveal';
import { container } from '../../styles/layout.css';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { notify } from '../../ui/notify';
import { postNewsletter } from './api';
import * as styles from './site.css';

const machine = newsletterMachine.provide({
  actors: { subscribe: fromPromise(({ input }: { input: NewsletterRequest }) => postNewsletter(input)) },
  actions: {
    notifySubscribed: (_, { message }) => notify.success(message),
    notifyFailed: (_, { text }) => notify.error(`Could not subscribe: ${text}`),
  },
});

/** 'Subscribe to our Events Newsletter': name and email; the fields clear on success. */
export function Newsletter() {
  const actor = useActorRef(machine);
  const id = useId();
  const busy = useSelector(actor, (s) => s.matches('subscribing'));
  const name = useSelector(actor, (s) => s.context.values.name);
  const email = useSelector(actor, (s) => s.context.values.email);
  const errors = useSelector(actor, (s) => s.context.errors);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    actor.send({ type: 'form.submit' });
    const invalid = actor.getSnapshot().context.errors;
    const first = (['name', 'email'] as const).find((f) => invalid[f]);
    if (first) document.getElementById(`${id}-${first}`)?.focus();
  }

  return (
    <section className={`${container} ${styles.section}`} aria-labelledby={`${id}-title`}>
      <Reveal className={styles.newsletter} variant="zoom" threshold={0.2}>
        <div className={styles.newsletterText}>
          <h2 id={`${id}-title`} className={styles.bandTitle}>
            Subscribe to our Events Newsletter
          </h2>
          <p className={styles.bandLead}>
            The best concerts, meetups, festivals and parties near you, in your inbox every two weeks. No
            spam, unsubscribe any time.
          </p>
        </div>
        <form className={styles.newsletterForm} onSubmit={submit} noValidate aria-label="Newsletter sign-up">
          <TextField
            id={`${id}-name`}
            label="Your Name"
            requiredMark
            autoComplete="name"
            value={name}
            onValueChange={(value) => actor.send({ type: 'field.change', field: 'name', value })}
            error={errors.name}
            disabled={busy}
          />
          <TextField
            id={`${id}-email`}
            label="Email Address"
            requiredMark
            type="email"
            inputMode="email"
            autoComplete="email"
            value={email}
            onValueChange={(value) => actor.send({ type: 'field.change', field: 'email', value })}
            error={errors.email}
            disabled={busy}
          />
          <Button type="submit" busy={busy} className={styles.newsletterButton}>
            {busy ? 'Subscribing...' : 'Subscribe'}
          </Button>
        </form>
      </Reveal>
    </section>
  );
}
