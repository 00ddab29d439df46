import { expect, type Page } from '@playwright/test';
import { quickCheckoutMachine } from '../../../machines/quickCheckout.machine';
import { httpError, networkError } from '../../../test/helpers/callErrors';
import { eventIdByName, TECH_MEETUP } from '../../support/checkout';
import { account, uniqueEmail } from '../accounts';
import type { UiFlow } from '../harness';
import { expectField } from '../screen';

/**
 * 'Continue without an account' (decision 038) through the screen: a signed-out visitor sent to
 * /login by Get Tickets on the seeded meetup. Every answer is the real server's: a fresh email per
 * path is taken (an account without a password, signed in at once), an email that already has an
 * account (made once through the API) gets the server's own 409; only a lost connection is an
 * aborted call. What each state must show, and the account the server holds once signed in, are
 * written here from the decision, not read off the machine.
 */

/** The model's two good addresses; each path types a real one in their place. */
const FRESH = 'fresh@example.ng';
const TAKEN = 'taken@example.ng';
const TAKEN_WORDS =
  'An account with this email already exists. Sign in to get your tickets: your choice is kept.';
const FALLBACK = 'Something went wrong. Please try again.';

type Data = { eventId: string; taken: string; fresh: string };

const form = (page: Page) => page.getByRole('form', { name: 'Quick checkout' });
const LABELS = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Where should we send the tickets?',
} as const;
/** The address the person really typed for the model's value. */
const typed = (data: Data, value: string) =>
  value === FRESH ? data.fresh : value === TAKEN ? data.taken : value;
const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

const events = [
  { type: 'field.change', name: 'firstName', value: 'Bola' },
  { type: 'field.change', name: 'lastName', value: 'Ade' },
  { type: 'field.change', name: 'email', value: FRESH },
  { type: 'field.change', name: 'email', value: TAKEN },
  { type: 'field.change', name: 'email', value: 'not-an-email' },
  { type: 'form.submit' },
  { type: 'xstate.done.actor.submit', output: { token: 't', user: {} } },
  { type: 'xstate.error.actor.submit', error: httpError(409, TAKEN_WORDS) },
  { type: 'xstate.error.actor.submit', error: networkError() },
];

export const quickCheckoutFlow: UiFlow<Data> = {
  name: 'quickCheckout',
  machine: quickCheckoutMachine,
  // The server takes a fresh address and refuses one with an account (409); a connection can fail
  // either way. Typing what a field already holds changes nothing (React sends no change), so a
  // change is only offered where it changes the value.
  events: (s) =>
    events.filter((e) =>
      e.type === 'field.change'
        ? s.context.values[e.name as string] !== e.value
        : e.type === 'xstate.done.actor.submit'
          ? s.context.values.email === FRESH
          : e.error && 'status' in e.error && e.error.status === 409
            ? s.context.values.email === TAKEN
            : true,
    ),
  key: (s) => [s.context.values, Object.keys(s.context.errors).length > 0, s.context.formError],
  heldCalls: { submit: '**/api/users/quick-checkout' },
  prepare: async (request) => ({
    eventId: await eventIdByName(request, TECH_MEETUP),
    taken: (await account(request, 'taken')).email,
    fresh: '',
  }),
  start: async ({ page, data }) => {
    data.fresh = uniqueEmail('quick');
    await page.goto(`/login?from=${encodeURIComponent(`/get-tickets/${data.eventId}`)}`);
    await expect(form(page)).toBeVisible();
  },
  actions: {
    'field.change': async ({ page, data }, event) => {
      await form(page)
        .getByLabel(LABELS[event.name as keyof typeof LABELS])
        .fill(typed(data, event.value));
    },
    'form.submit': async ({ page }) => {
      await form(page).getByRole('button', { name: 'Continue with your email' }).click();
    },
    'xstate.done.actor.submit': ({ held }) => held.answer('submit', { server: true }),
    'xstate.error.actor.submit': ({ held }, event) =>
      event.error.status === 409
        ? held.answer('submit', { server: true })
        : held.answer('submit', { network: 'failed' }),
  },
  states: {
    editing: async ({ page, data }, s) => {
      await expect(page).toHaveURL(/\/login\?from=/);
      const f = form(page);
      for (const [name, label] of Object.entries(LABELS)) {
        const value = s.context.values[name] as string;
        await expectField(f.getByLabel(label), typed(data, value), s.context.errors[name]);
      }
      const alert = f.getByRole('alert');
      if (s.context.formError === null) await expect(alert).toHaveCount(0);
      else await expect(alert).toHaveText(s.context.formError === TAKEN_WORDS ? TAKEN_WORDS : FALLBACK);
      await expect(f.getByRole('button', { name: 'Continue with your email' })).toBeEnabled();
      expect(await storedToken(page)).toBeNull();
    },
    submitting: async ({ page }) => {
      const button = form(page).getByRole('button', { name: 'Continue with your email' });
      await expect(button).toHaveAttribute('aria-busy', 'true');
    },
    signedIn: async ({ page, request, data }) => {
      // Back on the ticket selection, signed in with the account the server made from the form.
      await expect(page).toHaveURL(new RegExp(`/get-tickets/${data.eventId}$`));
      await expect.poll(() => storedToken(page)).not.toBeNull();
      const token = (await storedToken(page)) as string;
      const me = await request.get('/api/users/me', { headers: { authorization: `Bearer ${token}` } });
      expect(me.ok()).toBe(true);
      const { user } = (await me.json()) as { user: { email: string; firstName: string; lastName: string } };
      expect(user).toMatchObject({ email: data.fresh, firstName: 'Bola', lastName: 'Ade' });
    },
  },
};
