import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';

/**
 * The door specs' common ground: the sample organiser's session, tickets bought for one of their
 * events through the real checkout API in test mode, and the scanner page opened as that organiser.
 */

export type Session = { token: string; user: { id: string } };
export type Bought = { code: string; reference: string; orderId: string };

export async function organiserSession(api: APIRequestContext): Promise<Session> {
  const res = await api.post('/api/users/login', {
    data: { email: 'ada@gatepass.ng', password: 'Gatepass#2026' },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

/** The organiser's sample event the door specs scan at. */
export async function doorEvent(api: APIRequestContext, organiser: Session): Promise<string> {
  const events = await (await api.get(`/api/events/user/${organiser.user.id}`)).json();
  const list = (Array.isArray(events) ? events : events.events) as { _id: string; eventName: string }[];
  return list.find((e) => e.eventName === 'Afrobeats Under the Stars')?._id ?? list[0]!._id;
}

/** An order for `quantity` tickets of the event's first type, paid through the test-mode provider. */
export async function buyTickets(
  api: APIRequestContext,
  token: string,
  eventId: string,
  quantity: number,
  buyer = { firstName: 'Tunde', lastName: 'Bakare', email: 'tunde.bakare@example.ng' },
): Promise<Bought[]> {
  const headers = { authorization: `Bearer ${token}` };
  const types = await (await api.get(`/api/tickets/event/${eventId}`, { headers })).json();
  const typeId = types.tickets[0]._id as string;
  const created = await api.post('/api/orders', {
    headers,
    data: { eventId, items: { [typeId]: quantity }, buyer: { ...buyer, phone: '+2348031234567' } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const orderId = (await created.json()).order._id as string;
  const pay = await api.post(`/api/orders/${orderId}/pay`, {
    headers,
    data: { acceptTerms: true, emailUpdates: false },
  });
  expect(pay.ok(), await pay.text()).toBe(true);
  const paid = await pay.json();
  if (paid.reference)
    expect((await api.post(`/api/payments/test/${paid.reference}/approve`)).ok()).toBe(true);
  const order = (await (await api.get(`/api/orders/${orderId}`, { headers })).json()).order;
  expect(order.status).toBe('paid');
  return order.tickets.map((t: Bought) => ({ code: t.code, reference: t.reference, orderId }));
}

/** The scanner for the event, signed in as the organiser, once its list is stored for offline use. */
export async function openScanner(
  browser: Browser,
  organiser: Session,
  eventId: string,
  viewport?: { width: number; height: number },
) {
  const context = await browser.newContext(viewport ? { viewport } : {});
  await context.addInitScript((s) => {
    localStorage.setItem('token', s.token);
    localStorage.setItem('user', JSON.stringify(s.user));
  }, organiser);
  const page = await context.newPage();
  await page.goto(`/checkin/${eventId}`);
  // Ready for offline: the event's ticket list is stored on the device.
  await expect(page.getByText(/tickets stored on this device/)).toBeVisible({ timeout: 15_000 });
  return { context, page };
}

/** Types a code (or a reference) into the scanner's field, as a USB scanner or a person would. */
export async function scanByHand(page: Page, code: string) {
  const field = page.getByLabel(/Ticket code/);
  await field.fill(code);
  await field.press('Enter');
}

export const scanResult = (page: Page) => page.getByTestId('scan-result');
