import { expect, type Page, test } from '@playwright/test';
import { SAMPLE_EVENTS } from '../server/seed/sample-events';
import { scrollToLiveSection } from './support/lazySection';

/** Mail the server stored in its outbox (NODE_ENV=test: GET /api/dev/outbox). */
async function outbox(page: Page) {
  const res = await page.request.get('/api/dev/outbox');
  expect(res.ok()).toBe(true);
  return (await res.json()) as { to: string; subject: string; text: string }[];
}

const eventNames = SAMPLE_EVENTS.map((e) => e.eventName);

test.describe('home page', () => {
  test('sections come in the spec’s order, and both carousels show the seeded events', async ({ page }) => {
    await page.goto('/');
    const trending = page.getByRole('region', { name: 'Elevating Experiences, One Event at a Time' });
    const newest = page.getByRole('region', {
      name: 'Check out events, festivals and parties that are coming up so you don’t miss out',
    });
    await expect(trending.getByText('TRENDING EVENTS')).toBeVisible();
    await expect(newest.getByText('NEW EVENTS')).toBeAttached();
    // Loaded from the API: every seeded event is a card in each carousel, linking to its page.
    for (const region of [trending, newest]) {
      for (const name of eventNames) {
        await expect(region.getByRole('link', { name, exact: true })).toHaveAttribute(
          'href',
          /^\/event-details\/[0-9a-f-]{36}$/,
        );
      }
      await expect(region.getByRole('link', { name: /^Get Tickets for / }).first()).toHaveAttribute(
        'href',
        /^\/get-tickets\/[0-9a-f-]{36}$/,
      );
    }
    await expect(page.getByText('Loading events...')).toHaveCount(0);
    await expect(page.getByText('Failed to fetch events.', { exact: false })).toHaveCount(0);

    const headings = (await page.locator('main').getByRole('heading', { level: 2 }).allTextContents()).map(
      (h) => h.trim(),
    );
    const h1 = page.getByRole('heading', { level: 1 });
    await expect(h1).toHaveCount(1);
    await expect(h1).toHaveText('Turning Dreams into Extraordinary Events');
    const order = [
      'Host, Connect, Celebrate: Your Events, Our Platform!',
      'Elevating Experiences, One Event at a Time',
      'Check out events, festivals and parties that are coming up so you don’t miss out',
      'How Gatepass works',
      'Frequently asked questions',
      'Pricing',
      'Have a question? Send us a message',
      'Subscribe to our Events Newsletter',
    ];
    expect(headings.filter((h) => order.includes(h))).toEqual(order);
  });

  test('cards show price in Naira (From … when types differ) or Free, the date and the organiser; the overlay goes to Get Tickets', async ({
    page,
  }) => {
    await page.goto('/');
    const newest = page.getByRole('region', { name: /Check out events, festivals and parties/ });
    const free = newest.getByRole('article').filter({ hasText: 'Abuja Tech Meetup' });
    await expect(free.getByText('Free', { exact: true })).toBeAttached();
    const paid = newest.getByRole('article').filter({ hasText: 'Afrobeats Under the Stars' });
    // Its types differ in price (₦10,000 and ₦25,000): the card says where prices start, and the
    // 1.5 % fee its buyers pay on top (decision 066).
    await expect(paid.getByText('From ₦10,000 + ₦150 fees', { exact: true })).toBeAttached();
    await expect(paid.getByText('Ada Okafor')).toBeAttached();
  });

  test('“Explore Now” jumps to the trending events; the arrows move the carousel', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Explore Now' }).click();
    await expect(page).toHaveURL(/#events$/);
    const trending = page.locator('#events');
    await expect(
      trending.getByRole('heading', { name: 'Elevating Experiences, One Event at a Time' }),
    ).toBeInViewport();
    const active = trending.locator('.swiper-slide-active');
    const index = () => active.getAttribute('data-swiper-slide-index');

    // Autoplay: a new slide every 3 s while nobody points at or focuses the carousel.
    await page.mouse.move(0, 0);
    const start = await index();
    await expect(active).not.toHaveAttribute('data-swiper-slide-index', start ?? '', { timeout: 6_000 });

    // Hovering holds it still, as does focus; the arrows move it one card at a time.
    await trending.locator('.swiper').hover();
    const before = await index();
    await page.waitForTimeout(3_800);
    expect(await index()).toBe(before);
    await trending.getByRole('button', { name: 'Next trending events' }).click();
    await expect(active).not.toHaveAttribute('data-swiper-slide-index', before ?? '');
    await page.waitForTimeout(3_800);
    await trending.getByRole('button', { name: 'Previous trending events' }).click();
    await expect(active).toHaveAttribute('data-swiper-slide-index', before ?? '');
  });
});

test('FAQ: one answer open at a time; the open one or a click outside closes it', async ({ page }) => {
  await page.goto('/');
  const when = page.getByRole('button', { name: 'How far ahead should I plan and start selling tickets?' });
  const cost = page.getByRole('button', { name: 'How much does Gatepass cost?' });
  const refunds = page.getByRole('button', { name: 'Can I get a refund if I can’t make it?' });
  for (const q of [when, cost, refunds]) await expect(q).toHaveAttribute('aria-expanded', 'false');
  await scrollToLiveSection(when);

  await when.click();
  await expect(when).toHaveAttribute('aria-expanded', 'true');
  const answer = page.locator(`#${await when.getAttribute('aria-controls')}`);
  await expect(answer).toBeVisible();
  await expect(answer).toContainText('3–6 months ahead');
  await expect(answer).toContainText('4–6 weeks');

  // Opening another replaces it.
  await cost.click();
  await expect(cost).toHaveAttribute('aria-expanded', 'true');
  await expect(when).toHaveAttribute('aria-expanded', 'false');
  await expect(answer).toBeHidden();
  await expect(page.getByRole('button', { expanded: true })).toHaveCount(1);

  // Clicking the open one closes it.
  await cost.click();
  await expect(cost).toHaveAttribute('aria-expanded', 'false');

  // A click outside the list closes it.
  await refunds.click();
  await expect(refunds).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('heading', { name: 'Frequently asked questions' }).click();
  await expect(refunds).toHaveAttribute('aria-expanded', 'false');

  // Keyboard: Enter opens, Escape closes.
  await when.focus();
  await page.keyboard.press('Enter');
  await expect(when).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(when).toHaveAttribute('aria-expanded', 'false');
});

test('contact form: the spec’s rules, then the message is stored, mailed and the form resets', async ({
  page,
}) => {
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  const form = page.getByRole('form', { name: 'Contact us' });
  await form.getByRole('button', { name: 'Send Message' }).click();
  for (const message of [
    'First name is required',
    'Last name is required',
    'Invalid email address',
    'Message is required',
    'You must agree to the Terms & conditions',
  ])
    await expect(form.getByText(message)).toBeVisible();
  await expect(form.getByLabel('First Name')).toBeFocused();

  const stamp = Date.now();
  await form.getByLabel('First Name').fill('Ngozi');
  await form.getByLabel('Last Name').fill('Adebayo');
  await form.getByLabel('Email Address').fill(`ngozi.${stamp}@example.ng`);
  await form
    .getByLabel('Your Message')
    .fill(`Can Gatepass handle 2,000 guests for our Enugu convention? (${stamp})`);
  await expect(form.getByText('First name is required')).toHaveCount(0);
  await form.getByLabel('I agree to the Terms & conditions').check();
  await form.getByRole('button', { name: 'Send Message' }).click();

  await expect(page.getByText('Email Sent successfully!')).toBeVisible();
  await expect(form.getByLabel('First Name')).toHaveValue('');
  await expect(form.getByLabel('Your Message')).toHaveValue('');
  await expect(form.getByLabel('I agree to the Terms & conditions')).not.toBeChecked();

  const mail = (await outbox(page)).find((m) => m.text.includes(`(${stamp})`));
  expect(mail?.subject).toBe('Contact form: message from Ngozi Adebayo');
  expect(mail?.text).toContain(`Reply to: ngozi.${stamp}@example.ng`);

  // Toasts have a close button.
  await page.getByRole('button', { name: 'Close notification' }).click();
  await expect(page.getByText('Email Sent successfully!')).toHaveCount(0);
});

test('contact form on the home page sends too', async ({ page }) => {
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Contact us' });
  await scrollToLiveSection(form);
  const stamp = Date.now();
  await form.getByLabel('First Name').fill('Musa');
  await form.getByLabel('Last Name').fill('Danjuma');
  await form.getByLabel('Email Address').fill('musa@example.ng');
  await form.getByLabel('Your Message').fill(`Hello from the home page ${stamp}`);
  await form.getByLabel('I agree to the Terms & conditions').check();
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Email Sent successfully!')).toBeVisible();
  expect((await outbox(page)).some((m) => m.text.includes(`Hello from the home page ${stamp}`))).toBe(true);
});

test('newsletter: a bad email is refused; a good one subscribes, confirms by email and clears the fields', async ({
  page,
}) => {
  await page.goto('/about');
  const form = page.getByRole('form', { name: 'Newsletter sign-up' });
  await form.getByLabel('Your Name').fill('Chiamaka Eze');
  await form.getByLabel('Email Address').fill('chiamaka');
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(form.getByText('Invalid email address')).toBeVisible();

  const email = `chiamaka.${Date.now()}@example.ng`;
  await form.getByLabel('Email Address').fill(email);
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('Thanks for subscribing!', { exact: false })).toBeVisible();
  await expect(form.getByLabel('Your Name')).toHaveValue('');
  await expect(form.getByLabel('Email Address')).toHaveValue('');
  const mail = (await outbox(page)).find((m) => m.to === email);
  expect(mail?.text).toContain('Hi Chiamaka Eze');

  // Subscribing again is fine and says so.
  await form.getByLabel('Your Name').fill('Chiamaka');
  await form.getByLabel('Email Address').fill(email.toUpperCase());
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('You’re already subscribed', { exact: false })).toBeVisible();
});

test('pricing: the calculator applies 1.5% per paid ticket', async ({ page }) => {
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
  const calc = page.getByRole('form', { name: 'Fee calculator' });
  await calc.getByLabel('Ticket price (₦)').fill('100000');
  await calc.getByLabel('Tickets sold').fill('1');
  const out = page.locator('output');
  await expect(out).toContainText('₦1,500.00');
  await expect(out).toContainText('₦101,500.00');
  await calc.getByLabel('Ticket price (₦)').fill('10.555');
  await expect(calc.getByText('Amount can have at most two decimal places')).toBeVisible();
});

test('every marketing page has one h1 inside <main id="main">, and the pricing teaser links to /pricing', async ({
  page,
}) => {
  const pages: [string, string][] = [
    ['/about', 'About Gatepass'],
    ['/contact', 'Talk to the Gatepass team'],
    ['/pricing', 'Pricing'],
    ['/terms', 'Terms of Service'],
    ['/privacy', 'Privacy Policy'],
    ['/blog', 'Coming Soon!!!'],
    ['/test', 'Component gallery'],
  ];
  for (const [path, title] of pages) {
    await page.goto(path);
    await expect(page.locator('main#main')).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  }
  await page.goto('/blog');
  await expect(page.getByText('Anticipate our launch people...')).toBeVisible();
  await page.goto('/about');
  for (const h of ['Our Mission', 'Our Vision', 'Our History', 'Any question on your mind?'])
    await expect(page.getByRole('heading', { name: h })).toBeVisible();
  await page.getByRole('link', { name: 'Contact us' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await page.getByRole('link', { name: 'View Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
});

test('sections reveal on scroll and replay; nothing moves under reduced motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.goto('/');
  const faqTitle = page.getByRole('heading', { name: 'Frequently asked questions' });
  const reveal = faqTitle.locator('xpath=..');
  // The FAQ is one of the sections whose code loads on the way down (src/motion/LazySection.tsx):
  // until then it is the server's markup, in place and visible. Once live, it hides to replay.
  await expect(reveal).toBeVisible();
  await scrollToLiveSection(faqTitle);
  await expect(reveal).toHaveAttribute('data-reveal', 'in');
  await expect(reveal).toHaveCSS('opacity', '1');
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(reveal).toHaveAttribute('data-reveal', 'out');

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  await expect(page.locator('[data-reveal]')).toHaveCount(0);
  await expect(reveal).toHaveCSS('opacity', '1');
});
