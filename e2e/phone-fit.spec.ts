import { expect, type Page, test } from '@playwright/test';
import { type Account, eventIdByName, newBuyer, organiser, useAccount } from './support/checkout';

/**
 * Every page fits a 375 px phone: nothing scrolls sideways, and no button, link or field is cut off
 * at the edge or hidden in a table that has to be scrolled sideways to reach it. One sweep per kind
 * of visitor (signed out, buyer, organiser, door staff), over the routes they use.
 */
test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
test.describe.configure({ timeout: 120_000 });

type Problem = string;

/** What does not fit on the page as it is now. */
async function misfits(page: Page): Promise<Problem[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > width + 1)
      problems.push(`the page scrolls sideways (${document.documentElement.scrollWidth} px wide)`);
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') || el.textContent || (el as HTMLInputElement).name || '').trim().slice(0, 40)}"`;
    const isCarousel = (el: Element) => el.closest('.swiper, [aria-roledescription="carousel"]') !== null;
    for (const el of document.querySelectorAll('a, button, input, select, textarea, summary')) {
      const rect = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (rect.width === 0 || rect.height === 0 || style.visibility === 'hidden' || isCarousel(el)) continue;
      if ((el as HTMLElement).closest('[inert], [aria-hidden="true"]')) continue;
      // Below the fold, waiting to slide in: judged where it comes to rest (main clips the offset).
      if ((el as HTMLElement).closest('[data-reveal="out"]')) continue;
      // Straddling the screen's edge: partly visible.
      if (rect.left < width && rect.right > width + 1) problems.push(`${name(el)} is cut off at the edge`);
      if (rect.right > 0 && rect.left < -1) problems.push(`${name(el)} is cut off at the left`);
      // Reachable only by scrolling a box sideways (a wide table).
      for (let box = el.parentElement; box; box = box.parentElement) {
        const overflowX = getComputedStyle(box).overflowX;
        if ((overflowX === 'auto' || overflowX === 'scroll') && box.scrollWidth > box.clientWidth + 1) {
          const boxRect = box.getBoundingClientRect();
          if (rect.right > boxRect.right + 1 || rect.left < boxRect.left - 1)
            problems.push(`${name(el)} is hidden in a box that scrolls sideways`);
          break;
        }
      }
    }
    return [...new Set(problems)];
  });
}

async function sweep(page: Page, paths: string[]) {
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('main').first()).toBeVisible();
    // Sections sliding in are judged where they come to rest.
    // (Finite ones only: a spinner or a pulsing countdown never finishes.)
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
          .map((a) => a.finished.catch(() => null)),
      ),
    );
    for (const problem of await misfits(page)) found.push(`${path}: ${problem}`);
  }
  expect(found, 'everything fits 375 px').toEqual([]);
}

/** A reserved paid order of `buyer`, sent to the test payment page: its reference. */
async function testPaymentReference(page: Page, buyer: Account, eventId: string) {
  const auth = { authorization: `Bearer ${buyer.token}` };
  const { tickets } = (await (await page.request.get(`/api/tickets/event/${eventId}`)).json()) as {
    tickets: { _id: string; ticketPrice: number }[];
  };
  const paid = tickets.find((t) => t.ticketPrice > 0)!;
  const reserve = await page.request.post('/api/orders', {
    headers: auth,
    data: {
      eventId,
      items: { [paid._id]: 1 },
      buyer: {
        firstName: buyer.user.firstName,
        lastName: 'Okafor',
        email: buyer.user.email,
        phone: '+2348031234567',
      },
    },
  });
  expect(reserve.status(), await reserve.text()).toBe(201);
  const { order } = (await reserve.json()) as { order: { _id: string } };
  const pay = await page.request.post(`/api/orders/${order._id}/pay`, {
    headers: auth,
    data: { acceptTerms: true, emailUpdates: false },
  });
  expect(pay.status(), await pay.text()).toBe(200);
  return { orderId: order._id, reference: ((await pay.json()) as { reference: string }).reference };
}

test('signed out: home, listing, event, account and marketing pages fit 375 px', async ({
  page,
  request,
}) => {
  const eventId = await eventIdByName(request, 'Afrobeats Under the Stars');
  await sweep(page, [
    '/',
    '/events/all',
    `/event-details/${eventId}`,
    '/login',
    // Reached from a ticket selection: the sign-in form and quick checkout below it.
    `/login?from=/get-tickets/${eventId}`,
    '/signup',
    '/forgot-password',
    '/set-password',
    '/about',
    '/pricing',
    '/contact',
    '/blog',
    '/privacy',
    '/terms',
    '/tickets/all',
  ]);
});

test('a buyer: profile, ticket selection, checkout and the test payment page fit 375 px', async ({
  page,
  request,
}) => {
  const buyer = await newBuyer(request, 'Amaka');
  await useAccount(page, buyer);
  const eventId = await eventIdByName(request, 'Afrobeats Under the Stars');
  const { reference, orderId } = await testPaymentReference(page, buyer, eventId);
  await sweep(page, ['/profile', `/get-tickets/${eventId}`, `/pay/test/${reference}`, `/orders/${orderId}`]);

  // The checkout's steps, reached as a buyer does.
  await page.goto(`/get-tickets/${eventId}`);
  await page.getByLabel('Quantity of Regular').selectOption('1');
  await page.getByRole('button', { name: 'Proceed to Contact' }).click();
  await expect(page.getByRole('heading', { name: 'Contact information' })).toBeVisible();
  expect(await misfits(page), 'contact step').toEqual([]);
  await page.getByLabel('Confirm Email address').fill(buyer.user.email);
  await page.getByLabel('Country code').selectOption('+234');
  await page.getByLabel('Phone number').fill('0803 123 4567');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/get-tickets/checkout');
  await expect(page.getByLabel('Discount code')).toBeVisible();
  expect(await misfits(page), 'payment step').toEqual([]);
});

test('an organiser: my events, the wizard and every management tab fit 375 px', async ({ page, request }) => {
  const ada = await organiser(request);
  await useAccount(page, ada);
  const eventId = await eventIdByName(request, 'Afrobeats Under the Stars');
  // A door-staff link with a long label, so the Check-in tab has a row (and its Revoke button) to fit.
  const link = await request.post(`/api/events/${eventId}/checkin-links`, {
    headers: { authorization: `Bearer ${ada.token}` },
    data: { label: 'Gate C (north entrance, VIP lane)' },
  });
  expect(link.ok(), await link.text()).toBe(true);
  await sweep(page, [
    '/profile',
    '/events/create',
    `/events/create/2/${eventId}`,
    `/events/create/3/${eventId}`,
    ...['Details', 'Tickets', 'Appearance', 'Guestlist', 'Sales', 'Checkin', 'Team', 'Messages'].map(
      (tab) => `/profile-event/${tab}/${eventId}`,
    ),
  ]);
});

test('door staff: the scanner’s PIN screen fits 375 px', async ({ page, request }) => {
  const eventId = await eventIdByName(request, 'Afrobeats Under the Stars');
  await sweep(page, [`/checkin/${eventId}`]);
});
