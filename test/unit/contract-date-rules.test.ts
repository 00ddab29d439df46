import { describe, expect, it } from 'vitest';
import { discountRequest } from '../../contract/discounts';
import { createTicketRequest } from '../../contract/tickets';

/**
 * Cross-field date rules run even after a field's own check failed (zod does): a value that is no
 * date must be refused with its field's message, never throw (the fuzz test found a 500 this way).
 */
describe('date windows that are not dates', () => {
  it('a ticket type whose sale window is garbage is refused, not thrown', () => {
    // The fuzz test's request, as it was sent.
    const result = createTicketRequest.safeParse({
      eventId: '76ce3210-d723-2628-b69d-7cd4ffffffe3',
      ticketName: "eNu?'cR",
      ticketDescription: 'TW(kLw',
      ticketType: 'paid',
      ticketStock: 'limited',
      availableTickets: 4,
      purchaseLimit: 10,
      benefits: 'Chiamaka',
      onSaleFrom: 'v\u0001alue',
      onSaleUntil: ',',
      hidden: false,
      image: null,
      bank: null,
      accountName: null,
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path[0])).toEqual(
      expect.arrayContaining(['onSaleFrom', 'onSaleUntil']),
    );
  });

  it('a discount whose validity is garbage is refused, not thrown', () => {
    const result = discountRequest.safeParse({
      code: 'EARLY',
      kind: 'percent',
      percentOff: 10,
      validFrom: 'yesterday',
      validUntil: '2031-13-45T99:99',
    });
    expect(result.success).toBe(false);
  });
});
