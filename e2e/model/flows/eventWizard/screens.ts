import { expect, type Page } from '@playwright/test';
import type { UiFlow } from '../../harness';
import { expectField } from '../../screen';
import { created, type Data, type Snap, ticketNames } from './model';

/** What the organiser sees in each of the wizard's states. */

export const states: UiFlow<Data>['states'] = {
  'details.editing': async ({ page }, s) => {
    const c = s.context;
    await expect(page).toHaveURL(c.event ? /\/events\/create\?eventId=[0-9a-f-]{36}$/ : /\/events\/create$/);
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
  'appearance.uploaded': async ({ page }, s) => {
    // The wizard's event has tickets by now, so the server publishes exactly when asked.
    const text = s.context.publish
      ? 'Your event is live! Taking you to its link to share…'
      : 'Poster saved. Your event is a draft. Taking you to the events…';
    await expect(page.getByText(text)).toBeVisible();
  },
  done: async ({ page }) => {
    await expect(page).toHaveURL(/\/events\/all/);
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
