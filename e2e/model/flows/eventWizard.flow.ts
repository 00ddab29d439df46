import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { OrganiserTicket } from '../../../contract/tickets';
import { eventWizardMachine } from '../../../machines/eventWizard.machine';
import { eventDetailsErrors } from '../../../machines/lib/eventDetailsForm';
import { draftEvent, ticketType } from '../../../test/machines/organiserFixtures';
import { account, PASSWORD } from '../accounts';
import type { UiFlow } from '../harness';
import { expectField } from '../screen';

/**
 * The event-creation wizard as an organiser walks it: signed in through the login screen (one
 * account made through the real API for the whole flow), from a blank /events/create to the
 * listing. The details are typed one field at a time in a fixed order (an online event), so the
 * model walks from an empty form to a valid one without exploding. Every server answer is the real
 * server's for data made in the path (the event, its free ticket, a website the server refuses, a
 * renamed text file as poster), except two no test can make for real: the draft's first save
 * failing (the network drops the request) and a ticket type that has sales refusing deletion
 * (answered with the server's 409 and message).
 */
const SOLD_OUT_DELETE =
  'Tickets of this type have been sold, so it cannot be deleted. You can change its quantity or sales window instead.';
const NOT_AN_IMAGE = 'Only image files can be uploaded (JPEG, PNG, WebP, GIF, AVIF or HEIC).';
const REJECTED = 'Only image files can be uploaded (JPEG, PNG, WebP, GIF).';
const BAD_WEBSITE = 'jazz.ng';

/** Step 1, typed in this order: what an online event needs. */
const DETAILS: Array<[string, string | boolean]> = [
  ['eventName', 'Lagos Jazz Night'],
  ['category', 'Music'],
  ['description', 'An evening of live jazz on the island.'],
  ['startDate', '2027-03-06'],
  ['startTime', '18:00'],
  ['endDate', '2027-03-06'],
  ['endTime', '23:00'],
  ['online', true],
  ['url', 'https://meet.example.com/jazz'],
];
const LABELS: Record<string, string> = {
  eventName: 'Event Name',
  category: 'Category',
  description: 'Description',
  startDate: 'Start Date',
  startTime: 'Start Time',
  endDate: 'End Date',
  endTime: 'End Time',
  online: 'Online Event',
  url: 'Event URL',
};
// The model's stand-ins for what the server answers (the screen shows the real ones).
const created = { ...draftEvent, eventName: 'Lagos Jazz Night' };
const regular = ticketType();
const regularEdited = ticketType({ ticketName: 'Regular (early)' });
const GOOD_POSTER = { file: { name: 'poster.png' }, previewUrl: 'blob:poster' };
const RENAMED_TEXT = { file: { name: 'notes.png' }, previewUrl: 'blob:renamed' };

type Data = { email: string };
// biome-ignore lint/suspicious/noExplicitAny: the wizard's snapshots
type Snap = any;

const filled = (s: Snap) => DETAILS.filter(([name, value]) => s.context.values[name] === value).length;
const valid = (s: Snap) => Object.keys(eventDetailsErrors(s.context.values)).length === 0;
const ticketNames = (s: Snap) => (s.context.tickets as OrganiserTicket[]).map((t) => t.ticketName);

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
  events: (s) => {
    const c = s.context;
    if (s.matches({ details: 'editing' })) {
      if (c.event) return [{ type: 'details.submit' }];
      const next = DETAILS.find(([name, value]) => c.values[name] !== value);
      const n = filled(s);
      return [
        ...(next ? [{ type: 'field.change', name: next[0], value: next[1] }] : []),
        ...(n === 0 || valid(s) ? [{ type: 'details.submit' }] : []),
        ...(n === 0 && !c.submitted ? [{ type: 'details.cancel' }] : []),
      ];
    }
    if (s.matches({ details: 'saving' }))
      return [
        { type: 'xstate.done.actor.saveEvent', output: created },
        ...(c.event ? [] : [{ type: 'xstate.error.actor.saveEvent', error: { network: 'failed' } }]),
      ];
    if (s.matches({ tickets: 'savingSocials' }))
      return c.socials.website === BAD_WEBSITE
        ? [
            {
              type: 'xstate.error.actor.saveSocials',
              error: { status: 400, serverMessage: 'Website must be a web address starting with https://' },
            },
          ]
        : [{ type: 'xstate.done.actor.saveSocials', output: c.event }];
    if (s.matches('tickets')) {
      const editing = [
        { type: 'step.back' },
        { type: 'step.proceed' },
        { type: 'socials.change', name: 'website', value: c.socials.website === null ? BAD_WEBSITE : '' },
      ];
      if (s.matches({ tickets: { editing: 'idle' } }))
        return [...editing, ...(c.tickets.length === 0 ? [{ type: 'ticket.add' }] : [])];
      if (s.matches({ tickets: { editing: 'picking' } }))
        return [
          ...editing,
          { type: 'ticket.pick', kind: 'free' },
          { type: 'ticket.pick', kind: 'paid' },
          { type: 'ticket.dismiss' },
        ];
      // The ticket form: a free ticket is saved for real; a paid one (it needs a bank account) is dismissed.
      const form = c.ticketForm;
      return [
        ...editing,
        { type: 'ticket.dismiss' },
        ...(form?.kind === 'free'
          ? [{ type: 'ticket.saved', ticket: form.ticket ? regularEdited : regular }]
          : []),
      ];
    }
    if (s.matches({ preview: 'idle' })) {
      const first = c.tickets[0] as OrganiserTicket | undefined;
      return [
        { type: 'step.back' },
        { type: 'step.proceed' },
        ...(first
          ? [
              { type: 'ticket.edit', ticketId: first._id },
              { type: 'ticket.delete', ticketId: first._id },
            ]
          : [{ type: 'ticket.add' }]),
      ];
    }
    if (s.matches({ preview: 'deleting' }))
      return [
        { type: 'xstate.done.actor.deleteTicket', output: { message: 'Ticket deleted' } },
        { type: 'xstate.error.actor.deleteTicket', error: { status: 409, serverMessage: SOLD_OUT_DELETE } },
      ];
    if (s.matches({ appearance: 'idle' }))
      return [
        { type: 'step.back' },
        { type: 'image.submit' },
        { type: 'image.reject', reason: REJECTED },
        ...(c.image ? [] : [{ type: 'image.select', ...GOOD_POSTER }]),
        ...(c.image ? [] : [{ type: 'image.select', ...RENAMED_TEXT }]),
        ...(c.publish ? [{ type: 'publish.toggle' }] : []),
      ];
    if (s.matches({ appearance: 'uploading' }))
      return c.image?.previewUrl === GOOD_POSTER.previewUrl
        ? [{ type: 'xstate.done.actor.uploadImage', output: {} }]
        : [{ type: 'xstate.error.actor.uploadImage', error: { status: 400, serverMessage: NOT_AN_IMAGE } }];
    if (s.matches({ appearance: 'uploaded' }))
      return [{ type: 'xstate.after.redirect.eventWizard.appearance.uploaded' }];
    return [];
  },
  key: (s) => {
    const c = s.context;
    if (s.matches('details')) return [c.event !== null, filled(s), c.errors, c.formError];
    if (s.matches('tickets'))
      return [
        ticketNames(s),
        c.ticketForm && [c.ticketForm.kind, !!c.ticketForm.ticket],
        c.socials.website,
        c.message,
      ];
    if (s.matches('preview')) return [ticketNames(s), c.message];
    if (s.matches('appearance')) return [c.image?.previewUrl ?? null, c.publish, c.message];
    return [];
  },
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
  states: {
    'details.editing': async ({ page }, s) => {
      const c = s.context;
      await expect(page).toHaveURL(
        c.event ? /\/events\/create\?eventId=[0-9a-f-]{36}$/ : /\/events\/create$/,
      );
      await expect(
        page.getByRole('button', { name: c.event ? 'Save and continue' : 'Proceed', exact: true }),
      ).toBeEnabled();
      await expectField(page.getByLabel(/^Event Name/), c.values.eventName, c.errors.eventName);
      for (const message of Object.values(c.errors) as string[])
        await expect(page.getByText(message).first()).toBeVisible();
      const form = page.getByRole('form', { name: 'Event details' });
      // The form's own message, and the location kind's (announced as an alert under the checkboxes).
      if (c.formError) await expect(form.getByRole('alert').filter({ hasText: c.formError })).toBeVisible();
      await expect(form.getByRole('alert')).toHaveCount(
        (c.formError ? 1 : 0) + (c.errors.eventLocation ? 1 : 0),
      );
    },
    'details.saving': async ({ page }, s) => {
      const name = s.context.event ? 'Save and continue' : 'Proceed';
      await expect(page.getByRole('button', { name, exact: true })).toBeDisabled();
    },
    cancelled: async ({ page }) => {
      await expect(page).toHaveURL(/\/$/);
    },
    'tickets.editing.idle': async ({ page }, s) => {
      await expect(page).toHaveURL(/\/events\/create\/2\/[0-9a-f-]{36}$/);
      await expect(page.getByRole('button', { name: 'Add ticket', exact: true })).toBeVisible();
      await expectTicketsStep(page, s);
    },
    'tickets.editing.picking': async ({ page }, s) => {
      await expect(page.getByRole('button', { name: /^Free ticket/ })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Not now' })).toBeVisible();
      await expectTicketsStep(page, s);
    },
    'tickets.editing.form': async ({ page }, s) => {
      const { kind, ticket } = s.context.ticketForm;
      await expect(page).toHaveURL(/\/events\/create\/2\/[0-9a-f-]{36}$/);
      const form = page.getByRole('form', { name: `${ticket ? 'Edit' : 'New'} ${kind} ticket` });
      await expect(form).toBeVisible();
      if (ticket) await expect(form.getByLabel('Ticket Name')).toHaveValue(ticket.ticketName);
      await expectTicketsStep(page, s);
    },
    'tickets.savingSocials': async ({ page }) => {
      await expect(page.getByRole('button', { name: 'Proceed', exact: true })).toBeDisabled();
      await expect(page.getByLabel('Website')).toBeDisabled();
    },
    'preview.idle': async ({ page }, s) => {
      await expect(page).toHaveURL(/\/events\/preview\/[0-9a-f-]{36}$/);
      await expect(page.getByRole('heading', { name: `Tickets for ${created.eventName}` })).toBeVisible();
      const names = ticketNames(s);
      if (names.length === 0) await expect(page.getByText('No tickets yet')).toBeVisible();
      for (const name of names) await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(names.length);
      await expectNote(page, s.context.message);
    },
    'preview.deleting': async ({ page }, s) => {
      await expect(page.getByRole('button', { name: `Delete ${ticketNames(s)[0]}` })).toBeDisabled();
    },
    'appearance.idle': async ({ page }, s) => {
      const c = s.context;
      await expect(page).toHaveURL(/\/events\/create\/3\/[0-9a-f-]{36}$/);
      await expect(page.getByAltText('Selected poster preview')).toHaveCount(c.image ? 1 : 0);
      await expect(page.getByLabel(/^Publish now/)).toBeChecked({ checked: c.publish });
      const name = c.publish ? 'Upload and publish' : 'Upload and save draft';
      await expect(page.getByRole('button', { name })).toBeEnabled();
      await expectNote(page, c.message);
    },
    'appearance.uploading': async ({ page }, s) => {
      const name = s.context.publish ? 'Upload and publish' : 'Upload and save draft';
      await expect(page.getByRole('button', { name })).toBeDisabled();
    },
    'appearance.uploaded': async ({ page }) => {
      await expect(page.getByText('Image uploaded successfully! Taking you to the events…')).toBeVisible();
    },
    done: async ({ page }) => {
      await expect(page).toHaveURL(/\/events\/all/);
    },
  },
};

/** What every sub-state of the ticket step shows: the tickets added, the website link, the note. */
async function expectTicketsStep(page: Page, s: Snap) {
  const names = ticketNames(s);
  const list = page.getByRole('list', { name: 'Tickets added' });
  if (names.length === 0) await expect(list).toHaveCount(0);
  else await expect(list.getByRole('listitem')).toHaveCount(names.length);
  for (const name of names) await expect(list.getByText(name, { exact: true })).toBeVisible();
  await expect(page.getByLabel('Website')).toHaveValue(s.context.socials.website ?? '');
  await expectNote(page, s.context.message);
}

/** The step's note ('Add at least one ticket…', 'Please select an image first!', an upload error). */
async function expectNote(page: Page, message: string | null) {
  // One look at every such note on the page: exactly the one the machine holds, or none.
  const notes = page
    .getByRole('alert')
    .filter({ hasText: /^(Add at least one ticket|Please select an image|Only image files|Error: )/ });
  if (message) await expect(notes).toHaveText([message]);
  else await expect(notes).toHaveCount(0);
}
