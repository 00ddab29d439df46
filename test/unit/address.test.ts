import { describe, expect, it } from 'vitest';
import { addressLine } from '../../contract/address';

describe('addressLine', () => {
  it('does not repeat a city the venue already names', () => {
    expect(addressLine(['12 Allen Ave, Ikeja, Lagos', 'Lagos'])).toBe('12 Allen Ave, Ikeja, Lagos');
    expect(addressLine(['12 Allen Ave, Ikeja, lagos ', 'Lagos', 'Nigeria'])).toBe(
      '12 Allen Ave, Ikeja, lagos, Nigeria',
    );
  });

  it('keeps every part that is new, in order, and skips empty ones', () => {
    expect(addressLine(['Ventures Park, 5 Kwaji Close, Maitama, Abuja', 'FCT', 'Nigeria'])).toBe(
      'Ventures Park, 5 Kwaji Close, Maitama, Abuja, FCT, Nigeria',
    );
    expect(addressLine([null, 'Lagos', undefined, ''])).toBe('Lagos');
    expect(addressLine(['Lagos Street, Yaba', 'Lagos'])).toBe('Lagos Street, Yaba, Lagos');
    expect(addressLine([])).toBe('');
  });
});

describe('where an event is, as its pages and ticket mail say it', () => {
  it('names the city once', async () => {
    const { placeText } = await import('../../src/organiser/ticketFormat');
    const { eventWhere } = await import('../../server/modules/issued-tickets/email');
    const venue = { location: '12 Allen Ave, Ikeja, Lagos', state: 'Lagos' };
    expect(placeText({ eventLocation: 'physical', ...venue })).toBe('12 Allen Ave, Ikeja, Lagos');
    expect(eventWhere({ eventLocation: 'physical', ...venue, country: 'Nigeria', url: null })).toBe(
      '12 Allen Ave, Ikeja, Lagos, Nigeria',
    );
  });
});
