import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { OrganiserTicket } from '../../../contract/tickets';
import { eventWizardMachine } from '../../../machines/eventWizard.machine';
import { account, PASSWORD } from '../accounts';
import type { UiFlow } from '../harness';
import {
  type Data,
  events,
  GOOD_POSTER,
  key,
  LABELS,
  regular,
  SOLD_OUT_DELETE,
  ticketNames,
} from './eventWizard/model';
import { states } from './eventWizard/screens';

/**
 * The event-creation wizard as an organiser walks it: signed in through the login screen (one
 * account made through the real API for the whole flow), from a blank /events/create to the
 * listing. The details are typed one field at a time in a fixed order (an online event), so the
 * model walks from an empty form to a valid one without exploding. Every server answer is the real
 * server's for data made in the path (the event, its free ticket, a website the server refuses, a
 * renamed text file as poster), except two no test can make for real: the draft's first save
 * failing (the network drops the request) and a ticket type that has sales refusing deletion
 * (answered with the server's 409 and message). The model's data, events and key are in
 * eventWizard/model.ts, what each state shows in eventWizard/screens.ts; the actions are here.
 */
const signIn = async (page: Page, email: string) => {
  await page.goto('/login?from=/events/create');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/events\/create$/);
};

const poster = () =>
  sharp({ create: { width: 320, height: 200, channels: 3, background: '#046c4e' } })
    .png()
    .toBuffer();

export const eventWizardFlow: UiFlow<Data> = {
  name: 'eventWizard',
  machine: eventWizardMachine.provide({ guards: { hasToken: () => true } }),
  input: { step: 'details', event: null, tickets: [] },
  tours: true,
  events,
  key,
  heldCalls: {
    // Step 1's create (POST) or save (PUT) and the links' save (PUT) share the event's address.
    saveEvent: /\/api\/events\/(create|[0-9a-f-]{36})$/,
    deleteTicket: { url: /\/api\/tickets\/[0-9a-f-]{36}$/, method: 'DELETE' },
    uploadImage: /\/api\/events\/update-image\/[0-9a-f-]{36}$/,
  },
  prepare: async (request) => ({ email: (await account(request, 'wizard')).email }),
  start: async ({ page, data }) => {
    await signIn(page, data.email);
  },
  actions: {
    'field.change': async ({ page }, event) => {
      const control = page.getByLabel(new RegExp(`^${LABELS[event.name]}`));
      if (event.name === 'category') await control.selectOption(String(event.value));
      else if (typeof event.value === 'boolean') await control.setChecked(event.value);
      else await control.fill(event.value);
    },
    'details.submit': async ({ page }, _e, before) => {
      await page
        .getByRole('button', { name: before.context.event ? 'Save and continue' : 'Proceed' })
        .click();
    },
    'details.cancel': async ({ page }) => {
      await page.getByRole('button', { name: 'Cancel' }).click();
    },
    'xstate.done.actor.saveEvent': async ({ held, page }, _e, before) => {
      await held.answer('saveEvent', { server: true });
      const text = before.context.event ? 'Event details saved' : 'Event created successfully!';
      await expect(page.getByText(text).first()).toBeVisible();
    },
    'xstate.error.actor.saveEvent': async ({ held, page }) => {
      await held.answer('saveEvent', { network: 'failed' });
      await expect(page.getByText(/^Failed to create event: /).first()).toBeVisible();
    },
    'ticket.add': async ({ page }, _e, before) => {
      const name = before.matches('preview') ? 'Add Ticket' : 'Add ticket';
      await page.getByRole('button', { name, exact: true }).click();
    },
    'ticket.pick': async ({ page }, event) => {
      await page
        .getByRole('button', { name: event.kind === 'free' ? /^Free ticket/ : /^Paid ticket/ })
        .click();
    },
    'ticket.dismiss': async ({ page }, _e, before) => {
      if (before.matches({ tickets: { editing: 'picking' } }))
        await page.getByRole('button', { name: 'Not now' }).click();
      else await page.getByRole('form').getByRole('button', { name: 'Cancel' }).click();
    },
    'ticket.saved': async ({ page }, event) => {
      const form = page.getByRole('form');
      const editing = event.ticket.ticketName !== regular.ticketName;
      await form.getByLabel('Ticket Name').fill(event.ticket.ticketName);
      if (!editing) {
        await form.getByLabel('Available Tickets').fill('100');
        await form.getByLabel('Benefits').fill('Entry');
      }
      await form.getByRole('button', { name: editing ? 'Save ticket' : 'Create ticket' }).click();
    },
    'ticket.edit': async ({ page }, event, before) => {
      const name =
        ticketNames(before)[
          before.context.tickets.findIndex((t: OrganiserTicket) => t._id === event.ticketId)
        ];
      await page.getByRole('button', { name: `Edit ${name}` }).click();
    },
    'ticket.delete': async ({ page }, event, before) => {
      const name =
        ticketNames(before)[
          before.context.tickets.findIndex((t: OrganiserTicket) => t._id === event.ticketId)
        ];
      await page.getByRole('button', { name: `Delete ${name}` }).click();
    },
    'xstate.done.actor.deleteTicket': async ({ held, page }) => {
      await held.answer('deleteTicket', { server: true });
      await expect(page.getByText('Ticket deleted').first()).toBeVisible();
    },
    'xstate.error.actor.deleteTicket': async ({ held, page }) => {
      await held.answer('deleteTicket', { status: 409, json: { message: SOLD_OUT_DELETE } });
      await expect(page.getByText(SOLD_OUT_DELETE).first()).toBeVisible();
    },
    'socials.change': async ({ page }, event) => {
      await page.getByLabel('Website').fill(event.value);
    },
    'xstate.done.actor.saveSocials': ({ held }) => held.answer('saveEvent', { server: true }),
    'xstate.error.actor.saveSocials': async ({ held, page }, event) => {
      await held.answer('saveEvent', { server: true });
      await expect(
        page.getByText(`Failed to save the social links: ${event.error.serverMessage}`).first(),
      ).toBeVisible();
    },
    'step.back': async ({ page }) => {
      await page.getByRole('button', { name: 'Back', exact: true }).click();
    },
    'step.proceed': async ({ page }) => {
      await page.getByRole('button', { name: 'Proceed', exact: true }).click();
    },
    'image.select': async ({ page }, event) => {
      const good = event.previewUrl === GOOD_POSTER.previewUrl;
      await page.getByTestId('poster-input').setInputFiles({
        name: event.file.name,
        mimeType: 'image/png',
        buffer: good ? await poster() : Buffer.from('A text file renamed to look like a poster.'),
      });
    },
    'image.reject': async ({ page }) => {
      await page
        .getByTestId('poster-input')
        .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Not an image.') });
    },
    'publish.toggle': async ({ page }) => {
      await page.getByLabel(/^Publish now/).click();
    },
    'image.submit': async ({ page }, _e, before) => {
      const name = before.context.publish ? 'Upload and publish' : 'Upload and save draft';
      await page.getByRole('button', { name }).click();
    },
    'xstate.done.actor.uploadImage': ({ held }) => held.answer('uploadImage', { server: true }),
    'xstate.error.actor.uploadImage': ({ held }) => held.answer('uploadImage', { server: true }),
    // The page's own 2 s timer: the person waits for it.
    'xstate.after.redirect.eventWizard.appearance.uploaded': async ({ page }) => {
      await expect(page).toHaveURL(/\/events\/all/, { timeout: 6_000 });
    },
  },
  states,
};
