import type { Event } from '../../contract/events';
import type { Order } from '../../contract/orders';
import type { Ticket } from '../../contract/tickets';

/** A published event with one paid and one free ticket type, and orders in every state. */
export const EVENT_ID = '5f0c3c1e-7a2b-4c8d-9e1f-2a3b4c5d6e7f';
export const PAID_ID = '6a1d4d2f-8b3c-4d9e-8f2a-3b4c5d6e7f80';
export const FREE_ID = '7b2e5e3a-9c4d-4e0f-9a3b-4c5d6e7f8091';
export const ORDER_ID = '8c3f6f4b-0d5e-4f1a-8b4c-5d6e7f8091a2';

export const event: Event = {
  _id: EVENT_ID,
  userId: '9d4a7a5c-1e6f-4a2b-9c5d-6e7f8091a2b3',
  eventName: 'Afrobeats Under the Stars',
  category: 'Music',
  description: 'Live music by the sea.',
  startDate: '2026-12-05',
  endDate: '2026-12-05',
  startTime: '18:00',
  endTime: '23:59',
  eventLocation: 'physical',
  url: null,
  country: 'Nigeria',
  state: 'Lagos',
  location: 'Eko Convention Centre',
  image: null,
  imageFocus: '50% 50%',
  status: 'published',
  socials: { website: null, twitter: null, instagram: null, whatsapp: null, facebook: null, telegram: null },
  organiser: {
    _id: '9d4a7a5c-1e6f-4a2b-9c5d-6e7f8091a2b3',
    firstName: 'Ada',
    lastName: 'Okafor',
    username: 'ada',
  },
  priceFrom: 0,
  priceTo: 0,
  capacity: null,
  salesPaused: false,
  feeMode: 'buyer',
  createdAt: '2026-11-01T10:00:00.000Z',
};

const ticket = (over: Partial<Ticket>): Ticket => ({
  hidden: false,
  _id: PAID_ID,
  eventId: EVENT_ID,
  ticketName: 'Regular',
  ticketPrice: 5000,
  ticketDescription: 'General admission.',
  image: null,
  ticketType: 'paid',
  ticketStock: 'limited',
  availableTickets: 100,
  purchaseLimit: 4,
  benefits: 'Entry',
  onSaleFrom: null,
  onSaleUntil: null,
  ...over,
});

export const tickets: Ticket[] = [
  ticket({}),
  ticket({
    _id: FREE_ID,
    ticketName: 'Free RSVP',
    ticketPrice: 0,
    ticketType: 'free',
    ticketStock: 'unlimited',
    availableTickets: null,
  }),
];

export const NOW = Date.parse('2026-11-23T10:00:00.000Z');

export function order(over: Partial<Order> = {}): Order {
  return {
    _id: ORDER_ID,
    status: 'reserved',
    expiresAt: new Date(NOW + 15 * 60_000).toISOString(),
    reference: 'GP-TEST01',
    event: {
      _id: EVENT_ID,
      eventName: event.eventName,
      startDate: event.startDate,
      endDate: event.endDate,
      startTime: event.startTime,
      endTime: event.endTime,
      eventLocation: event.eventLocation,
      location: event.location,
      state: event.state,
      country: event.country,
      url: event.url,
      image: null,
      imageFocus: event.imageFocus,
      organiserId: event.userId,
    },
    buyer: { firstName: 'Ada', lastName: 'Obi', email: 'ada@example.ng', phone: '+2348031234567' },
    items: [
      {
        ticketId: PAID_ID,
        ticketName: 'Regular',
        unitPrice: 5000,
        quantity: 1,
        amount: 5000,
        refundedQuantity: 0,
      },
    ],
    attendees: [],
    subtotal: 5000,
    discount: 0,
    fees: 75,
    total: 5075,
    feesIncluded: false,
    discountCode: null,
    testMode: true,
    payment: 'none',
    emailUpdates: false,
    createdAt: new Date(NOW).toISOString(),
    paidAt: null,
    tickets: [],
    statusMessage: null,
    refunds: [],
    answers: [],
    ...over,
  };
}
