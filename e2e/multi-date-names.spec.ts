import { expect, test } from '@playwright/test';
import { organiserSession } from './support/door';
import { picturesInThemes } from './support/shots';

/**
 * A multi-date event's ticket types share a name ('Regular' for each night); the organiser's Tickets
 * tab, Waiting list and Sales name each with its date (issue #32, minor: "Regular, Regular, Regular" with no
 * date), on a 375 px phone. The event is made through the API: one night, two more added, the type
 * copied onto every night.
 */
test.use({ viewport: { width: 375, height: 812 } });

const today = Date.now();
const day = (n: number) => new Date(today + n * 86_400_000).toISOString().slice(0, 10);
const shortDay = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' })
    .format(new Date(`${iso}T00:00:00Z`))
    .replace(',', '');

test("the Tickets tab, the Waiting list and Sales name each night's Regular with its date", async ({
  page,
  request,
}) => {
  const organiser = await organiserSession(request);
  const headers = { authorization: `Bearer ${organiser.token}` };
  const made = await request.post('/api/events/create', {
    headers,
    data: {
      eventName: `Highlife Nights ${Date.now().toString(36)}`,
      category: 'Music',
      description: 'Three nights of highlife on the island.',
      startDate: day(20),
      endDate: day(20),
      startTime: '20:00',
      endTime: '23:30',
      eventLocation: 'physical',
      country: 'Nigeria',
      state: 'Lagos',
      location: 'Freedom Park, Lagos Island',
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const eventId = (await made.json()).event._id as string;
  const ticket = await request.post('/api/tickets/create', {
    headers,
    data: {
      eventId,
      ticketName: 'Regular',
      ticketType: 'free',
      ticketStock: 'limited',
      availableTickets: 20,
      purchaseLimit: 4,
      benefits: 'Entry',
    },
  });
  expect(ticket.status(), await ticket.text()).toBe(201);
  for (const [n, label] of [
    [21, 'Night 2'],
    [22, 'Night 3'],
  ] as const) {
    const added = await request.post(`/api/events/${eventId}/dates`, {
      headers,
      data: { date: day(n), startTime: '20:00', endTime: '23:30', label },
    });
    expect(added.ok(), await added.text()).toBe(true);
  }
  const copied = await request.post(`/api/events/${eventId}/dates/copy-tickets`, { headers });
  expect(copied.ok(), await copied.text()).toBe(true);

  await page.addInitScript((s) => {
    localStorage.setItem('token', s.token);
    localStorage.setItem('user', JSON.stringify(s.user));
  }, organiser);
  await page.goto(`/profile-event/Tickets/${eventId}`);
  const names = page.getByRole('table').first().locator('td[data-label="Ticket Name"]');
  await expect(names).toHaveCount(3);
  const nights = [
    `Regular · ${shortDay(day(20))}`,
    `Regular · Night 2 · ${shortDay(day(21))}`,
    `Regular · Night 3 · ${shortDay(day(22))}`,
  ];
  await expect(names).toHaveText(
    nights.map((n) => new RegExp(`^${n}$`)),
    { useInnerText: true },
  );
  for (const night of nights) await expect(page.getByRole('button', { name: `Edit ${night}` })).toBeVisible();
  for (const night of nights)
    await expect(page.getByRole('region', { name: `Waiting list of ${night}` })).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await names.first().scrollIntoViewIfNeeded();
  await picturesInThemes(page, 'test-results/multi-date-names-375');

  // Sales lists every type, sold or not, by the same names.
  await page.goto(`/profile-event/Sales/${eventId}`);
  const sales = page.locator('td[data-label="Ticket Name"]');
  await expect(sales).toHaveText(
    nights.map((n) => new RegExp(`^${n}$`)),
    { useInnerText: true },
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await picturesInThemes(page, 'test-results/multi-date-names-sales-375');
});
