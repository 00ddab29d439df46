import type { OrganiserTicket } from '../../../../contract/tickets';
import { eventDetailsErrors } from '../../../../machines/lib/eventDetailsForm';
import { draftEvent, ticketType } from '../../../../test/machines/organiserFixtures';

/** The wizard's model for the browser paths: what is typed, what the server answers, the events. */

export const SOLD_OUT_DELETE =
  'Tickets of this type have been sold, so it cannot be deleted. You can change its quantity or sales window instead.';
export const NOT_AN_IMAGE = 'Only image files can be uploaded (JPEG, PNG, WebP, GIF, AVIF or HEIC).';
export const REJECTED = 'Only image files can be uploaded (JPEG, PNG, WebP, GIF).';
export const BAD_WEBSITE = 'jazz.ng';

/** Step 1, typed in this order: what an online event needs. */
export const DETAILS: Array<[string, string | boolean]> = [
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
export const LABELS: Record<string, string> = {
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
export const created = { ...draftEvent, eventName: 'Lagos Jazz Night' };
export const regular = ticketType();
export const regularEdited = ticketType({ ticketName: 'Regular (early)' });
export const GOOD_POSTER = { file: { name: 'poster.png' }, previewUrl: 'blob:poster' };
export const RENAMED_TEXT = { file: { name: 'notes.png' }, previewUrl: 'blob:renamed' };

export type Data = { email: string };
// biome-ignore lint/suspicious/noExplicitAny: the wizard's snapshots
export type Snap = any;

export const filled = (s: Snap) => DETAILS.filter(([name, value]) => s.context.values[name] === value).length;
export const valid = (s: Snap) => Object.keys(eventDetailsErrors(s.context.values)).length === 0;
export const ticketNames = (s: Snap) => (s.context.tickets as OrganiserTicket[]).map((t) => t.ticketName);

/** The events the model may take in each state (a function of the snapshot). */
export function events(s: Snap): Snap[] {
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
}

/** What tells the wizard's states apart on screen. */
export function key(s: Snap): unknown {
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
}
