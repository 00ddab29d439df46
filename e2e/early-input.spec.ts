import { expect, type Locator, type Page, test } from '@playwright/test';

/**
 * Home's FAQ, contact and newsletter sections are in the HTML before their code (LazySection). On a
 * slow phone network the code can take seconds: here each section's chunk is held back 4 s, and a
 * tap or typing made in that window must still have its effect once the code is in.
 */
test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

const HOLD_MS = 4000;

/** Holds the section's code chunk back; `requested` resolves when the browser has asked for it. */
async function holdChunk(page: Page, name: string) {
  let asked: () => void = () => {};
  const requested = new Promise<void>((resolve) => {
    asked = resolve;
  });
  await page.route(new RegExp(`/assets/${name}-[\\w-]+\\.js$`), async (route) => {
    asked();
    await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
    await route.continue();
  });
  return { requested };
}

const hydrated = (element: Locator) =>
  element.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber$')));

test('a FAQ question tapped before its code has arrived opens once it has', async ({ page }) => {
  const { requested } = await holdChunk(page, 'Faq');
  await page.goto('/');
  const question = page.getByRole('button', { name: 'How much does Gatepass cost?' });
  await question.scrollIntoViewIfNeeded();
  await requested;
  expect(await hydrated(question), 'the code is still on its way').toBe(false);
  await question.tap();
  expect(await hydrated(question)).toBe(false);
  await expect(question).toHaveAttribute('aria-expanded', 'true', { timeout: HOLD_MS + 5000 });
  await expect(page.getByRole('region', { name: 'How much does Gatepass cost?' })).toBeVisible();
  await expect(page.getByRole('button', { expanded: true })).toHaveCount(1);
});

test('the contact form keeps what was typed before its code, and sends it once ready', async ({ page }) => {
  const { requested } = await holdChunk(page, 'ContactSection');
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Contact us' });
  await form.scrollIntoViewIfNeeded();
  await requested;
  const stamp = Date.now();
  await form.getByLabel('First Name').fill('Musa');
  await form.getByLabel('Last Name').fill('Danjuma');
  await form.getByLabel('Email Address').fill('musa@example.ng');
  await form.getByLabel('Your Message').fill(`Typed before the code ${stamp}`);
  await form.getByLabel('I agree to the Terms & conditions').check();
  expect(await hydrated(form), 'the code is still on its way').toBe(false);
  await form.getByRole('button', { name: 'Send Message' }).tap();
  expect(await hydrated(form)).toBe(false);
  // Still on the home page (the form was not sent as a page load), and sent once the code is in.
  await expect(page.getByText('Email Sent successfully!')).toBeVisible({ timeout: HOLD_MS + 8000 });
  expect(new URL(page.url()).search).toBe('');
  const mails = (await (await page.request.get('/api/dev/outbox')).json()) as { text: string }[];
  expect(mails.some((m) => m.text.includes(`Typed before the code ${stamp}`))).toBe(true);
});

test('the newsletter keeps a name and email typed before its code and subscribes once ready', async ({
  page,
}) => {
  const { requested } = await holdChunk(page, 'Newsletter');
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Newsletter sign-up' });
  await form.scrollIntoViewIfNeeded();
  await requested;
  const email = `early.${Date.now()}@example.ng`;
  await form.getByLabel('Your Name').fill('Halima Sani');
  await form.getByLabel('Email Address').fill(email);
  expect(await hydrated(form), 'the code is still on its way').toBe(false);
  await form.getByRole('button', { name: 'Subscribe' }).tap();
  await expect(page.getByText('Thanks for subscribing!', { exact: false })).toBeVisible({
    timeout: HOLD_MS + 8000,
  });
  await expect(form.getByLabel('Your Name')).toHaveValue('');
  expect(new URL(page.url()).search).toBe('');
});

test('typing before the code, then stopping: the text is still there and the form uses it', async ({
  page,
}) => {
  const { requested } = await holdChunk(page, 'Newsletter');
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Newsletter sign-up' });
  await form.scrollIntoViewIfNeeded();
  await requested;
  await form.getByLabel('Your Name').fill('Halima Sani');
  await form.getByLabel('Email Address').fill('not-an-email');
  await expect.poll(() => hydrated(form), { timeout: HOLD_MS + 5000 }).toBe(true);
  await expect(form.getByLabel('Your Name')).toHaveValue('Halima Sani');
  // The machine has the text: submitting now judges the typed email, not an empty field.
  await form.getByRole('button', { name: 'Subscribe' }).tap();
  await expect(form.getByText('Invalid email address')).toBeVisible();
  await expect(form.getByText('Name is required')).toHaveCount(0);
});

test('a FAQ question tapped just after hydration began (before it reached the FAQ) opens', async ({
  page,
}) => {
  // On a slow phone React hydrates a big page in slices, so a tap can land after hydration began
  // but before it reached the FAQ section. Here the tap is made at exactly that moment: right after
  // the app's entry (src/main.tsx) has called hydrateRoot, before React's first slice of work.
  await page.addInitScript(() => {
    const getElementById = Document.prototype.getElementById;
    Document.prototype.getElementById = function (this: Document, id: string) {
      const found = getElementById.call(this, id);
      if (id === 'root' && '$_TSR' in window) {
        Document.prototype.getElementById = getElementById;
        // After the entry module's synchronous code (hydrateRoot included), before any later task.
        queueMicrotask(() => {
          const question = [...document.querySelectorAll('button')].find((button) =>
            button.textContent?.includes('How much does Gatepass cost?'),
          );
          (window as { tappedEarly?: boolean }).tappedEarly = !!question;
          question?.click();
        });
      }
      return found;
    };
  });
  await page.goto('/');
  expect(await page.evaluate(() => (window as { tappedEarly?: boolean }).tappedEarly)).toBe(true);
  const question = page.getByRole('button', { name: 'How much does Gatepass cost?' });
  await question.scrollIntoViewIfNeeded();
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('region', { name: 'How much does Gatepass cost?' })).toBeVisible();
  await expect(page.getByRole('button', { expanded: true })).toHaveCount(1);
});
