import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

const results = (page: Page) =>
  page.getByRole('region', { name: /results|search results|all upcoming events/i });
const cardTitles = (page: Page) => results(page).getByRole('heading', { level: 3 });

test('search by text from the listing: the URL holds the search and a reload keeps the results', async ({
  page,
}) => {
  await page.goto('/events/all');
  await expect(
    page.getByRole('heading', { level: 1, name: 'What event are you looking for?' }),
  ).toBeVisible();
  await expect(cardTitles(page)).toHaveCount(6);
  await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue('All');

  const box = page.getByPlaceholder('Search here');
  await box.fill('jollof');
  await box.press('Enter');
  await expect(page).toHaveURL(/[?&]q=jollof/);
  await expect(cardTitles(page)).toHaveText(['Jollof & Suya Food Festival']);
  await expect(page.getByText('1 event for “jollof”')).toBeVisible();

  await page.reload();
  await expect(page.getByPlaceholder('Search here')).toHaveValue('jollof');
  await expect(cardTitles(page)).toHaveText(['Jollof & Suya Food Festival']);

  // A half-typed word already finds events, with the Search button this time.
  await page.getByPlaceholder('Search here').fill('afro');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(cardTitles(page)).toHaveText(['Afrobeats Under the Stars']);
});

test('choosing a category applies at once and survives a reload; /tickets/all shows the same listing', async ({
  page,
}) => {
  await page.goto('/events/all');
  await expect(cardTitles(page)).toHaveCount(6);
  await page.getByRole('combobox', { name: 'Category' }).selectOption('Tech');
  await expect(page).toHaveURL(/category=Tech/);
  await expect(cardTitles(page)).toHaveText(['Abuja Tech Meetup: Building for the Naira Economy']);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue('Tech');
  await expect(cardTitles(page)).toHaveText(['Abuja Tech Meetup: Building for the Naira Economy']);

  // Back to All lists everything again.
  await page.getByRole('combobox', { name: 'Category' }).selectOption('All');
  await expect(cardTitles(page)).toHaveCount(6);

  await page.goto('/tickets/all?category=Film');
  await expect(
    page.getByRole('heading', { level: 1, name: 'What event are you looking for?' }),
  ).toBeVisible();
  await expect(cardTitles(page)).toHaveText(['Nollywood Classics Movie Night']);
});

test('a search with no match says so and offers to show all events', async ({ page }) => {
  await page.goto('/events/all');
  await page.getByPlaceholder('Search here').fill('underwater hockey');
  await page.getByPlaceholder('Search here').press('Enter');
  await expect(page.getByRole('heading', { name: 'No events match your search' })).toBeVisible();
  await expect(page.getByText('Nothing found for “underwater hockey”')).toBeVisible();
  await page.getByRole('link', { name: 'Show all events' }).click();
  await expect(page).toHaveURL(/\/events\/all$/);
  await expect(cardTitles(page)).toHaveCount(6);
});

test('a date range keeps events that overlap it; a reversed range is refused before searching', async ({
  page,
}) => {
  await page.goto('/events/all');
  const from = page.getByLabel('From');
  const to = page.getByLabel('To', { exact: true });
  const day = (offset: number) => {
    const d = new Date(Date.now() + 60 * 60 * 1000);
    d.setUTCDate(d.getUTCDate() + offset);
    return d.toISOString().slice(0, 10);
  };
  await from.fill(day(30));
  await to.fill(day(40));
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(cardTitles(page)).toHaveText(['Port Harcourt Charity Fun Run']);

  await page.getByLabel('From').fill(day(40));
  await page.getByLabel('To', { exact: true }).fill(day(30));
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('alert')).toHaveText('The “From” date must be on or before the “To” date.');
});

test('event page: related events, the .ics download, and copy link', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await page.goto('/events/all?q=afrobeats');
  await results(page).getByRole('link', { name: 'Afrobeats Under the Stars', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Afrobeats Under the Stars' })).toBeVisible();
  const eventUrl = page.url();

  // Directions open the address in a maps site, in a new tab.
  const directions = page.getByRole('link', { name: /^Directions/ });
  await expect(directions).toHaveAttribute(
    'href',
    /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=Eko/,
  );
  await expect(directions).toHaveAttribute('target', '_blank');
  // Only the organiser's socials that exist.
  await expect(page.getByRole('link', { name: /^Ada Okafor on Instagram/ })).toHaveAttribute(
    'href',
    'https://instagram.com/afrobeatsstars',
  );
  await expect(page.getByRole('link', { name: /^Ada Okafor on Facebook/ })).toHaveCount(0);

  const related = page.getByRole('region', { name: 'Other Events You May Like' });
  await expect(related.getByRole('heading', { level: 3 })).toHaveCount(3);
  await expect(related.getByRole('link', { name: 'Afrobeats Under the Stars', exact: true })).toHaveCount(0);

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Add to calendar' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('afrobeats-under-the-stars.ics');
  const ics = await readFile((await download.path())!, 'utf8');
  expect(ics).toContain('BEGIN:VEVENT');
  expect(ics).toContain('SUMMARY:Afrobeats Under the Stars');
  expect(ics.replace(/\r\n[ \t]/g, '')).toContain(`URL:${eventUrl}`);

  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(eventUrl);
  await expect(page.getByRole('link', { name: /^WhatsApp/ })).toHaveAttribute(
    'href',
    `https://wa.me/?text=${encodeURIComponent(`Afrobeats Under the Stars on Gatepass: ${eventUrl}`)}`,
  );
  await expect(page.getByRole('link', { name: /^Post on X/ })).toHaveAttribute(
    'href',
    /^https:\/\/x\.com\/intent\/post\?text=/,
  );

  // A related card leads to that event's page.
  const firstRelated = related.getByRole('heading', { level: 3 }).first();
  const name = (await firstRelated.textContent())!;
  await firstRelated.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});

test('the server sends Open Graph tags for an event page', async ({ request }) => {
  const list = await (await request.get('/api/events?q=jollof')).json();
  const res = await request.get(`/event-details/${list[0]._id}`);
  const html = await res.text();
  expect(html).toContain('<meta property="og:title" content="Jollof &amp; Suya Food Festival — Gatepass" />');
  expect(html).toMatch(
    /<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/api\/images\/[^"]+\?w=1200" \/>/,
  );
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the listing and the event page have no serious accessibility violations (${scheme})`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/events/all?q=lagos');
    await expect(cardTitles(page).first()).toBeVisible();
    const listing = await new AxeBuilder({ page }).analyze();
    const bad = (r: typeof listing) =>
      r.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(bad(listing)).toEqual([]);

    await results(page).getByRole('link', { name: 'Afrobeats Under the Stars', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Other Events You May Like' })).toBeVisible();
    expect(bad(await new AxeBuilder({ page }).analyze())).toEqual([]);
  });
}

test('a link past the last page offers the first page instead of claiming there are no events', async ({
  page,
}) => {
  await page.goto('/events/all?category=Music&page=3');
  await expect(page.getByRole('heading', { name: 'This page is empty' })).toBeVisible();
  await expect(page.getByText('1 event matches, on 1 page.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to the first page' }).click();
  await expect(page).toHaveURL(/category=Music/);
  await expect(page).not.toHaveURL(/page=/);
  await expect(cardTitles(page)).toHaveText(['Afrobeats Under the Stars']);
});
