import { expect, test } from '@playwright/test';
import { eventIdByName, freeTickets, newBuyer, organiser, TECH_MEETUP } from './support/checkout';
import { picturesInThemes } from './support/shots';

/**
 * Unsubscribing from an organiser's messages on a phone (decision 070): a guest opens the link in the
 * message and the page confirms which event's messages stop for which address; an altered link is
 * refused in words (that the next send skips them is test/api/guest-unsubscribe.test.ts). With E2E_SHOTS=1 it pictures the page at 375 px and 1280 px, light and dark.
 */
const SHOTS = process.env.SHOTS_DIR ?? 'test-results';
type Mail = { to: string; subject: string; text: string; headers: Record<string, string> };

test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

test('a guest unsubscribes by the link in a message; an altered link is refused', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const eventId = await eventIdByName(request, TECH_MEETUP);
  const guest = await newBuyer(request, 'Zainab');
  await freeTickets(request, guest);
  const ada = await organiser(request);
  const headers = { authorization: `Bearer ${ada.token}` };
  const subject = `Doors at 5 ${Date.now().toString(36)}`;
  const sent = await request.post(`/api/events/${eventId}/messages`, {
    headers,
    data: { audience: 'event', subject, body: 'Bring your ticket.' },
  });
  expect(sent.status(), await sent.text()).toBe(202);
  let mail: Mail | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await request.get('/api/dev/outbox')).json()) as Mail[];
      mail = mails.find((m) => m.to === guest.user.email.toLowerCase() && m.subject === subject);
      return mail !== undefined;
    })
    .toBe(true);
  expect(mail!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  const link = /\/unsubscribe#[\w.-]+/.exec(mail!.text)?.[0];
  expect(link, 'the message carries an unsubscribe link').toBeTruthy();

  await page.goto(link!);
  await expect(page.getByText(`The organiser of ${TECH_MEETUP} will send no more messages`)).toBeVisible();
  await expect(page.getByText(guest.user.email.toLowerCase())).toBeVisible();
  await picturesInThemes(page, `${SHOTS}/unsubscribe-375`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await picturesInThemes(page, `${SHOTS}/unsubscribe-1280`);

  // A link altered by one character is refused in words (a fresh load: a new fragment alone is no load).
  await page.goto('/about');
  await page.goto(`${link!.slice(0, -1)}${link!.endsWith('A') ? 'B' : 'A'}`);
  await expect(page.getByText('This unsubscribe link is not valid.')).toBeVisible();
});
