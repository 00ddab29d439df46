import { assign, fromPromise, setup } from 'xstate';
import {
  type CheckinLink,
  type CheckinsResponse,
  type CreatedLinkResponse,
  type CreateLinkRequest,
  createLinkRequest,
  type LinkSellingRequest,
} from '../contract/checkin';
import { messageOr, validate } from './lib/form';

/** What the tab shows: counts and who came (GET …/checkins) and the door staff links. */
export type CheckinTabData = { checkins: CheckinsResponse; links: CheckinLink[] };

/** The body of POST /api/events/:id/checkin-links: no ticket types ticked means every type. */
export function linkBody(label: string, ticketTypeIds: string[], canSell = false): CreateLinkRequest {
  return { label, ...(ticketTypeIds.length > 0 ? { ticketTypeIds } : {}), ...(canSell ? { canSell } : {}) };
}

/** What the owner is told once a link's selling changed. */
export const sellingText = (label: string, canSell: boolean) =>
  canSell
    ? `Link "${label}" can sell at the door from its next sync.`
    : `Link "${label}" stops selling at its next sync; what it sold is kept and its unused seats go back on sale.`;

/** A refused revoke or switch: the server's words, or `fallback`, as an error toast. */
const refusedNotice = (fallback: string) => ({
  type: 'notify' as const,
  params: ({ event }: { event: { error?: unknown } }) => ({
    tone: 'error' as const,
    text: messageOr(event.error, fallback),
  }),
});

const labelError = (label: string, ids: string[]) =>
  validate(createLinkRequest, linkBody(label, ids)).label ?? null;

type Context = {
  eventId: string;
  /** Null until the first answer. */
  data: CheckinsResponse | null;
  links: CheckinLink[];
  /** The last refresh failed: shown above what was loaded before, which stays. */
  loadError: string | null;
  label: string;
  ticketTypeIds: string[];
  /** The link may also sell at the door (box office, decision 062; the owner's choice alone). */
  canSell: boolean;
  labelError: string | null;
  /** After a refused submit the label is re-checked on every edit. */
  submitted: boolean;
  formError: string | null;
  /** The new link's token and PIN: shown once, until dismissed or the next link. */
  created: CreatedLinkResponse | null;
  revokingId: string | null;
  /** The link whose selling the owner is turning on or off (decision 062), while it is asked. */
  switching: { linkId: string; canSell: boolean } | null;
};

/**
 * The organiser's Check-in tab (decision 016): live counts (refreshed every 15 s while the tab is open,
 * as doors are open), door staff links — create one with a label and optional ticket types, see
 * its PIN once, revoke it. A person's action wins over a background refresh: creating or revoking
 * during a refresh starts at once (the refresh is dropped; creating refreshes after it anyway).
 */
export const checkinLinksMachine = setup({
  types: {
    input: {} as { eventId: string },
    context: {} as Context,
    events: {} as
      | { type: 'label.change'; value: string }
      | { type: 'type.toggle'; ticketTypeId: string }
      | { type: 'sell.toggle' }
      | { type: 'create' }
      | { type: 'created.dismiss' }
      | { type: 'revoke'; linkId: string }
      | { type: 'link.selling'; linkId: string; canSell: boolean }
      | { type: 'refresh' }
      | { type: 'retry' },
  },
  actors: {
    load: fromPromise<CheckinTabData, { eventId: string }>(async () => {
      throw new Error('load actor not provided');
    }),
    create: fromPromise<CreatedLinkResponse, { eventId: string; body: CreateLinkRequest }>(async () => {
      throw new Error('create actor not provided');
    }),
    revoke: fromPromise<{ links: CheckinLink[] }, { eventId: string; linkId: string }>(async () => {
      throw new Error('revoke actor not provided');
    }),
    setSelling: fromPromise<
      { links: CheckinLink[] },
      { eventId: string; linkId: string; body: LinkSellingRequest }
    >(async () => {
      throw new Error('setSelling actor not provided');
    }),
  },
  actions: { notify: (_, _params: { tone: 'success' | 'error'; text: string }) => {} },
  delays: { refreshInterval: 15_000 },
  guards: { labelValid: ({ context }) => labelError(context.label, context.ticketTypeIds) === null },
}).createMachine({
  id: 'checkinLinks',
  context: ({ input }) => ({
    eventId: input.eventId,
    data: null,
    links: [],
    loadError: null,
    label: '',
    ticketTypeIds: [],
    canSell: false,
    labelError: null,
    submitted: false,
    formError: null,
    created: null,
    revokingId: null,
    switching: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ eventId: context.eventId }),
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({
            data: event.output.checkins,
            links: event.output.links,
            loadError: null,
          })),
        },
        onError: {
          target: 'failed',
          actions: assign(({ event }) => ({
            loadError: messageOr(event.error, 'Check-in figures could not be loaded.'),
          })),
        },
      },
    },
    /** Nothing loaded yet: try again by hand, or by itself on the next tick. */
    failed: {
      after: { refreshInterval: 'loading' },
      on: { retry: 'loading' },
    },
    ready: {
      initial: 'idle',
      on: {
        'label.change': {
          actions: assign(({ context, event }) => ({
            label: event.value,
            labelError: context.submitted ? labelError(event.value, context.ticketTypeIds) : null,
            formError: null,
          })),
        },
        'type.toggle': {
          actions: assign(({ context, event }) => ({
            ticketTypeIds: context.ticketTypeIds.includes(event.ticketTypeId)
              ? context.ticketTypeIds.filter((id) => id !== event.ticketTypeId)
              : [...context.ticketTypeIds, event.ticketTypeId],
          })),
        },
        'sell.toggle': { actions: assign(({ context }) => ({ canSell: !context.canSell })) },
        'created.dismiss': { actions: assign({ created: null }) },
        create: [
          { guard: 'labelValid', target: '.creating', actions: assign({ formError: null }) },
          {
            actions: assign(({ context }) => ({
              labelError: labelError(context.label, context.ticketTypeIds),
              submitted: true,
            })),
          },
        ],
        revoke: { target: '.revoking', actions: assign(({ event }) => ({ revokingId: event.linkId })) },
        'link.selling': {
          target: '.switching',
          actions: assign(({ event }) => ({ switching: { linkId: event.linkId, canSell: event.canSell } })),
        },
        refresh: '.refreshing',
      },
      states: {
        idle: { after: { refreshInterval: 'refreshing' } },
        refreshing: {
          on: { refresh: {} },
          invoke: {
            id: 'load',
            src: 'load',
            input: ({ context }) => ({ eventId: context.eventId }),
            onDone: {
              target: 'idle',
              actions: assign(({ event }) => ({
                data: event.output.checkins,
                links: event.output.links,
                loadError: null,
              })),
            },
            onError: {
              target: 'idle',
              actions: assign(({ event }) => ({
                loadError: messageOr(event.error, 'Check-in figures could not be refreshed.'),
              })),
            },
          },
        },
        creating: {
          // The form is locked while its link is made; one link per click.
          on: {
            'label.change': {},
            'type.toggle': {},
            'sell.toggle': {},
            create: {},
            revoke: {},
            'link.selling': {},
            refresh: {},
          },
          invoke: {
            id: 'create',
            src: 'create',
            input: ({ context }) => ({
              eventId: context.eventId,
              body: linkBody(context.label, context.ticketTypeIds, context.canSell),
            }),
            onDone: {
              // Refreshed at once so the new link is listed with the latest counts.
              target: 'refreshing',
              actions: assign(({ context, event }) => ({
                created: event.output,
                links: [...context.links.filter((l) => l.id !== event.output.link.id), event.output.link],
                label: '',
                ticketTypeIds: [],
                canSell: false,
                labelError: null,
                submitted: false,
              })),
            },
            onError: {
              target: 'idle',
              actions: assign(({ event }) => ({
                formError: messageOr(event.error, 'The link was not created.'),
              })),
            },
          },
        },
        revoking: {
          on: { create: {}, revoke: {}, 'link.selling': {}, refresh: {} },
          invoke: {
            id: 'revoke',
            src: 'revoke',
            // Stryker disable next-line StringLiteral: revoking is entered only by revoke, which sets revokingId
            input: ({ context }) => ({ eventId: context.eventId, linkId: context.revokingId ?? '' }),
            onDone: {
              target: 'idle',
              actions: [
                {
                  type: 'notify',
                  params: ({ context }) => ({
                    tone: 'success' as const,
                    text: `Link "${context.links.find((l) => l.id === context.revokingId)?.label ?? ''}" revoked.`,
                  }),
                },
                assign(({ event }) => ({ links: event.output.links, revokingId: null })),
              ],
            },
            onError: {
              target: 'idle',
              actions: [refusedNotice('The link was not revoked.'), assign({ revokingId: null })],
            },
          },
        },
        /** One change at a time; the list comes back from the answer. */
        switching: {
          on: { create: {}, revoke: {}, 'link.selling': {}, refresh: {} },
          invoke: {
            id: 'setSelling',
            src: 'setSelling',
            input: ({ context }) => ({
              eventId: context.eventId,
              // Stryker disable next-line StringLiteral,BooleanLiteral: switching is entered only by link.selling, which sets it
              linkId: context.switching?.linkId ?? '',
              body: { canSell: context.switching?.canSell ?? false },
            }),
            onDone: {
              target: 'idle',
              actions: [
                {
                  type: 'notify',
                  params: ({ context }) => ({
                    tone: 'success' as const,
                    text: sellingText(
                      context.links.find((l) => l.id === context.switching?.linkId)?.label ?? '',
                      context.switching?.canSell === true,
                    ),
                  }),
                },
                assign(({ event }) => ({ links: event.output.links, switching: null })),
              ],
            },
            onError: {
              target: 'idle',
              actions: [refusedNotice('The link was not changed.'), assign({ switching: null })],
            },
          },
        },
      },
    },
  },
});
