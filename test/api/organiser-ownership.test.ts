import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manageEventResponse } from '../../contract/organiser';
import { authed } from '../helpers/accounts';
import { testDatabases } from '../helpers/databases';
import {
  createEvent,
  createTicket,
  freeTicket,
  organiser,
  paidTicket,
  validEvent,
} from '../helpers/organiser';
import { buildTestApp, type TestApp } from '../helpers/testApp';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe.each(testDatabases)(
  'organiser routes: 401 without a token, 403 for another organiser, on $name',
  (database) => {
    let t: TestApp;
    let owner: Awaited<ReturnType<typeof organiser>>;
    let stranger: Awaited<ReturnType<typeof organiser>>;
    let eventId: string;
    let ticketId: string;
    let discountId: string;

    beforeAll(async () => {
      t = await buildTestApp(database);
      owner = await organiser(t);
      stranger = await organiser(t);
      eventId = (await createEvent(t, owner.token))._id;
      ticketId = (await createTicket(t, owner.token, freeTicket(eventId)))._id;
      const discount = await authed(t, 'POST', `/api/events/${eventId}/discounts`, owner.token, {
        code: 'OWNER10',
        kind: 'percent',
        percentOff: 10,
      });
      discountId = discount.json().discount._id;
    });
    afterAll(async () => t?.close());

    // Every event-scoped route, with a body that would be valid for the owner.
    const eventRoutes = (): [Method, string, object?][] => [
      ['PUT', `/api/events/${eventId}`, validEvent({ eventName: 'Hijacked' })],
      ['GET', `/api/events/${eventId}/manage`],
      ['POST', `/api/events/${eventId}/publish`],
      ['POST', `/api/events/${eventId}/unpublish`],
      ['POST', `/api/events/${eventId}/sales`, { live: false }],
      ['PUT', `/api/events/${eventId}/ticket-email`, { ticketEmailMessage: 'Hijacked' }],
      ['POST', `/api/events/${eventId}/test-email`, { email: 'x@example.ng' }],
      ['POST', `/api/events/${eventId}/duplicate`],
      ['PUT', `/api/events/update-image/${eventId}`],
      ['GET', `/api/events/${eventId}/guestlist`],
      ['GET', `/api/events/${eventId}/guestlist.csv`],
      ['GET', `/api/events/${eventId}/sales`],
      ['GET', `/api/events/${eventId}/discounts`],
      ['POST', `/api/events/${eventId}/discounts`, { code: 'MINE50', kind: 'percent', percentOff: 50 }],
      [
        'PUT',
        `/api/events/${eventId}/discounts/${discountId}`,
        { code: 'OWNER10', kind: 'percent', percentOff: 90 },
      ],
      ['DELETE', `/api/events/${eventId}/discounts/${discountId}`],
      ['POST', '/api/tickets/create', freeTicket(eventId, { ticketName: 'Hijacked' })],
      [
        'PUT',
        `/api/tickets/${ticketId}`,
        (({ eventId: _e, ...rest }) => rest)(freeTicket(eventId, { ticketName: 'Hijacked' })),
      ],
      ['DELETE', `/api/tickets/${ticketId}`],
      ['PUT', `/api/tickets/update-image/${ticketId}`],
    ];

    const snapshot = async () =>
      JSON.stringify({
        manage: manageEventResponse.parse(
          (await authed(t, 'GET', `/api/events/${eventId}/manage`, owner.token)).json(),
        ),
        discounts: (await authed(t, 'GET', `/api/events/${eventId}/discounts`, owner.token)).json(),
      });

    it('another organiser gets 403 on every write and on guestlist, sales and the CSV; nothing changes', async () => {
      const before = await snapshot();
      for (const [method, url, body] of eventRoutes()) {
        const res = await authed(t, method, url, stranger.token, body);
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
        expect(res.json()).toEqual({ message: 'You can only manage your own events.' });
      }
      expect(await snapshot()).toBe(before);
    });

    it('no token: 401 on every organiser route (before the body is looked at), nothing changes', async () => {
      const before = await snapshot();
      const routes: [Method, string, object?][] = [
        ...eventRoutes(),
        ['POST', '/api/events/create', validEvent()],
        ['POST', '/api/events/create', { nonsense: true }],
        ['GET', '/api/payments/banks'],
        ['GET', '/api/payments/resolve?account_number=1234567890&bank_code=058'],
        ['GET', '/api/payments/payout-account'],
        ['PUT', '/api/payments/payout-account', { bank: '058', accountNumber: '1234567890' }],
      ];
      for (const [method, url, body] of routes) {
        const res = await authed(t, method, url, undefined, body);
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json()).toEqual({ message: 'Please sign in to continue.' });
        const revoked = await authed(t, method, url, 'not-a-real-token', body);
        expect(revoked.statusCode, `${method} ${url} (bad token)`).toBe(401);
      }
      expect(await snapshot()).toBe(before);
    });

    it('a paid ticket on someone else’s event does not set the caller’s payout account', async () => {
      const res = await authed(
        t,
        'POST',
        '/api/tickets/create',
        stranger.token,
        paidTicket(eventId, { bank: '058', accountNumber: '2034567891' }),
      );
      expect(res.statusCode).toBe(403);
      const account = await authed(t, 'GET', '/api/payments/payout-account', stranger.token);
      expect(account.json().payoutAccount).toBeNull();
    });

    it('unknown and malformed ids are 404 with a message, not 500', async () => {
      const unknown = '7d0c5f0e-2b1a-4c55-9f51-3f6b8d8e9a10';
      for (const [method, url] of [
        ['GET', `/api/events/${unknown}/manage`],
        ['POST', `/api/events/not-an-id/publish`],
        ['GET', `/api/events/${unknown}/guestlist.csv`],
        ['PUT', `/api/tickets/${unknown}`],
        ['DELETE', '/api/tickets/garbage'],
        ['DELETE', `/api/events/${eventId}/discounts/${unknown}`],
      ] as [Method, string][]) {
        const res = await authed(
          t,
          method,
          url,
          owner.token,
          method === 'PUT' ? freeTicket(eventId) : undefined,
        );
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().message).toMatch(/not found/);
      }
    });
  },
);
