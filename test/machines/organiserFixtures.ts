import type { OrganiserEvent } from '../../contract/organiser';
import type { OrganiserTicket } from '../../contract/tickets';

/** An organiser's draft and ticket types as GET /api/events/:id/manage answers them (for machine tests). */
export const draftEvent: OrganiserEvent = {
  _id: '6f1c2d3e-4a5b-4c6d-8e7f-901234567890',
  userId: '0b6d8c1e-8a51-4f3e-9a55-6d7f1c2b3a4d',
  eventName: 'Lagos Jazz Night',
  category: 'Music',
  description: 'An evening of live jazz on the island.',
  startDate: '2027-03-06',
  endDate: '2027-03-06',
  startTime: '18:00',
  endTime: '23:00',
  eventLocation: 'physical',
  url: null,
  country: 'Nigeria',
  state: 'Lagos',
  location: '12 Awolowo Road, Ikoyi',
  image: null,
  imageFocus: '50% 50%',
  status: 'draft',
  socials: { website: null, twitter: null, instagram: null, whatsapp: null, facebook: null, telegram: null },
  organiser: {
    _id: '0b6d8c1e-8a51-4f3e-9a55-6d7f1c2b3a4d',
    firstName: 'Ada',
    lastName: 'Obi',
    username: 'adaobi',
  },
  priceFrom: null,
  priceTo: null,
  capacity: null,
  salesPaused: false,
  sold: 0,
  createdAt: '2026-11-23T09:00:00.000Z',
  ticketEmailMessage: '',
  ticketChanges: { transfersEnabled: true, closeHours: 0 },
  needsDates: false,
  revenue: 0,
  ticketTypeCount: 0,
};

export function ticketType(overrides: Partial<OrganiserTicket> = {}): OrganiserTicket {
  return {
    hidden: false,
    _id: '7a000000-0000-4000-8000-000000000001',
    eventId: draftEvent._id,
    ticketName: 'Regular',
    ticketPrice: 0,
    ticketDescription: '',
    image: null,
    ticketType: 'free',
    ticketStock: 'limited',
    availableTickets: 100,
    purchaseLimit: 4,
    benefits: 'Entry',
    onSaleFrom: null,
    onSaleUntil: null,
    quantity: 100,
    sold: 0,
    held: 0,
    ...overrides,
  };
}
