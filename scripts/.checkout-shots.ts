// Throw-away driver for looking at the checkout screens (not committed).
import { mkdir } from 'node:fs/promises';
import { chromium, request as pwRequest } from '@playwright/test';

const base = process.argv[2] ?? 'http://127.0.0.1:4350';
const out = '/tmp/cu/shots';
await mkdir(out, { recursive: true });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const api = await pwRequest.newContext({ baseURL: base });

async function buyer(tag: string) {
  const t = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `${tag}.${t}@example.ng`;
  await api.post('/api/users/register', { data: { firstName: 'Chioma', lastName: 'Okafor', username: `${tag}${t}`, email, password: 'Lagos#2025', confirmPassword: 'Lagos#2025' } });
  let link = '';
  for (let i = 0; i < 50 && !link; i++) {
    const mails = (await (await api.get('/api/dev/outbox')).json()) as { to: string; text: string }[];
    link = /\/verify-email\?token=[\w-]+/.exec(mails.find((m) => m.to === email)?.text ?? '')?.[0] ?? '';
    if (!link) await new Promise((r) => setTimeout(r, 200));
  }
  await api.get(`/api${link.replace('/verify-email', '/users/verify-email')}`);
  const { token } = await (await api.post('/api/users/login', { data: { email, password: 'Lagos#2025' } })).json();
  const { user } = await (await api.get('/api/users/me', { headers: { authorization: `Bearer ${token}` } })).json();
  return { token, user, email };
}
const events = (await (await api.get('/api/events')).json()) as { _id: string; eventName: string }[];
const afro = events.find((e) => e.eventName.startsWith('Afrobeats'))!._id;
const only = process.env.ONLY?.split(',');

for (const width of [1280, 375]) {
  for (const scheme of ['light', 'dark'] as const) {
    const b = await buyer(`shot${width}${scheme}`);
    const ctx = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: scheme, reducedMotion: 'reduce' });
    await ctx.addInitScript(([token, user, dark]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', user);
      localStorage.setItem('dark-mode', dark);
    }, [b.token, JSON.stringify(b.user), scheme === 'dark' ? 'true' : 'false'] as const);
    const page = await ctx.newPage();
    const shot = async (name: string) => {
      if (only && !only.includes(name)) return;
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${out}/${name}-${width}-${scheme}.png`, fullPage: true });
    };
    await page.goto(`${base}/profile`);
    await page.waitForLoadState('networkidle');
    await shot('profile-empty');
    await page.goto(`${base}/get-tickets/${afro}`);
    await page.getByRole('heading', { name: 'Choose Tickets' }).waitFor();
    await shot('selection-empty');
    await page.getByLabel('Quantity of Regular').selectOption('2');
    await page.getByLabel('Quantity of VIP').selectOption('1');
    await shot('selection');
    await page.getByRole('button', { name: 'Proceed to Contact' }).click();
    await page.getByRole('heading', { name: 'Contact information' }).waitFor();
    await page.getByText('Yes', { exact: true }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await shot('contact-errors');
    await page.getByText('No', { exact: true }).click();
    await page.getByLabel('Confirm Email address').fill(b.email);
    await page.getByLabel('Phone number').fill('8031234567');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Payment' }).waitFor();
    await shot('payment');
    await page.getByLabel('Discount code').fill('NOPE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('not valid').waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await shot('payment-errors');
    await page.getByLabel('I accept the terms and conditions, refund and privacy policy').check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('TEST MODE').waitFor();
    await shot('testpay');
    await page.getByRole('button', { name: 'Decline' }).click();
    await page.getByRole('heading', { name: 'Payment not completed' }).waitFor();
    await shot('failed');
    await page.getByRole('button', { name: 'Try payment again' }).click();
    await page.getByLabel('I accept the terms and conditions, refund and privacy policy').check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: /^Pay ₦/ }).click();
    await page.getByRole('heading', { name: /You're going/ }).waitFor();
    await shot('confirmed');
    await page.goto(`${base}/profile`);
    await page.waitForLoadState('networkidle');
    await shot('profile-tickets');
    const mine = await (await api.get('/api/tickets/mine', { headers: { authorization: `Bearer ${b.token}` } })).json();
    await page.goto(`${base}/tickets/${mine.upcoming[0].code}`);
    await page.getByText('Your ticket').waitFor();
    await shot('ticket');
    // Expired: the page's clock runs past the hold.
    await page.clock.install();
    await page.goto(`${base}/get-tickets/${afro}`);
    await page.getByLabel('Quantity of Regular').selectOption('1');
    await page.getByRole('button', { name: 'Proceed to Contact' }).click();
    await page.getByLabel('Confirm Email address').fill(b.email);
    await page.getByLabel('Phone number').fill('8031234567');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Payment' }).waitFor();
    // A press every 4 minutes keeps the 5-minute inactivity sign-out away.
    for (let i = 0; i < 4; i++) {
      await page.mouse.click(5, 300);
      await page.clock.runFor(4 * 60_000);
    }
    await page.getByRole('heading', { name: 'Your reservation has expired' }).waitFor();
    await shot('expired');
    await ctx.close();
  }
}
await browser.close();
await api.dispose();
