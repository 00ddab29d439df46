import { expect, type Page } from '@playwright/test';
import { codeError, formatCountdown, OTP_SECONDS, otpMachine } from '../../../machines/otp.machine';
import {
  account,
  countMails,
  expectResetTokenInHistoryOnly,
  newMail,
  requestCodeThroughUi,
  resetCodeIn,
} from '../accounts';
import type { UiFlow, World } from '../harness';
import { expectFormError, expectFormNotice } from '../screen';

/**
 * The emailed-code screen, reached for real: the forgot-password screen asks the real server for a
 * code, and the dev outbox gives it. The countdown runs on Playwright's clock (installed before the
 * page loads and paused), so `xstate.after.second` is one second of that clock, and expiry takes
 * 300 of them without waiting. The model's codes stand for real ones: 123456 for the code in the
 * newest mail, 000000 for a wrong one. The server's answers are the real server's, except the one
 * no test can wait for: a code submitted after the page's countdown ran out (the page's clock is
 * simulated, the server's is not) is answered as the server answers an expired code. The right
 * code's answer carries the one-time reset token, which the page hands on in history state only.
 */
const ACCOUNT = 'account@example.ng';
const EMAILED = ['1', '2', '3', '4', '5', '6'];
const WRONG = ['0', '0', '0', '0', '0', '0'];
const PARTIAL = ['1', '2'];
const EXPIRED_OTP = 'This code has expired. Please request a new code.';
// The real server's answer to the first wrong code (each path asks for a fresh code).
const WRONG_CODE = 'Incorrect code. You have 4 attempts left.';

type Data = { email: string; code: string };
const same = (a: readonly string[], b: readonly string[]) => a.join('') === b.join('');
/** The digits the person types for a model code. */
const realCode = ({ data }: World<Data>, code: readonly string[]) => {
  if (same(code, EMAILED)) return data.code;
  if (same(code, WRONG)) return data.code === '000000' ? '000001' : '000000';
  return code.join('');
};
const realText = (world: World<Data>, text: string | null) =>
  text?.replace(ACCOUNT, world.data.email) ?? null;
const box = (page: Page, i: number) => page.getByLabel(`Digit ${i + 1} of 6`);

export const otpFlow: UiFlow<Data> = {
  name: 'otp',
  machine: otpMachine,
  input: { email: ACCOUNT },
  events: (s) => {
    const { remaining, code, error, notice } = s.context;
    const expired = s.matches({ timer: 'expired' });
    const idleAndClear = s.matches({ form: 'idle' }) && code.join('') === '' && !error && !notice;
    // The clock runs on a clean form only, and the person acts only at the start of the countdown
    // (5:00, 4:59: a resend from 4:59 visibly restarts it) and after it ran out: the graph stays
    // small, and the countdown is still walked second by second to the end.
    const tick = !expired && idleAndClear ? [{ type: 'xstate.after.second.otp.timer.running' }] : [];
    if (!expired && remaining < OTP_SECONDS - 1) return tick;
    // After expiry one line of actions (type the code, confirm, told it expired, resend), so a
    // single path walks the countdown to its end: each such path costs 300 clock steps.
    if (expired)
      return [
        ...(code.join('') === '' && !error ? [{ type: 'code.change', code: EMAILED, how: 'type' }] : []),
        { type: 'form.submit' },
        { type: 'xstate.error.actor.verifyOtp', error: { status: 400, serverMessage: EXPIRED_OTP } },
        ...(error ? [{ type: 'code.resend' }] : []),
        { type: 'xstate.done.actor.resendCode', output: {} },
      ];
    return [
      ...tick,
      { type: 'code.change', code: EMAILED, how: 'type' },
      { type: 'code.change', code: EMAILED, how: 'paste' },
      { type: 'code.change', code: WRONG, how: 'type' },
      { type: 'code.change', code: PARTIAL, how: 'type' },
      { type: 'form.submit' },
      { type: 'code.resend' },
      ...(same(code, EMAILED) ? [{ type: 'xstate.done.actor.verifyOtp', output: {} }] : []),
      ...(same(code, WRONG)
        ? [{ type: 'xstate.error.actor.verifyOtp', error: { status: 400, serverMessage: WRONG_CODE } }]
        : []),
      { type: 'xstate.done.actor.resendCode', output: {} },
      { type: 'xstate.error.actor.resendCode', error: { network: 'failed' } },
    ];
  },
  key: (s) => [s.context.code.join(''), s.context.remaining, s.context.error, s.context.notice],
  heldCalls: { verifyOtp: '**/api/users/verify-otp', resendCode: '**/api/users/forgot-password' },
  prepare: async (request) => ({ email: (await account(request, 'otp')).email, code: '' }),
  start: async (world) => {
    const { page, request, data, context } = world;
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.clock.install();
    await page.goto('/forgot-password');
    // From here the page's time moves only when a path says so.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    data.code = await requestCodeThroughUi(page, request, data.email, { navigated: true });
  },
  actions: {
    'code.change': async (world, event) => {
      const { page } = world;
      const digits = realCode(world, event.code);
      for (let i = 5; i >= 0; i--) await box(page, i).fill('');
      if (event.how === 'paste') {
        await page.evaluate((text) => navigator.clipboard.writeText(text), digits);
        await box(page, 0).focus();
        await page.keyboard.press('ControlOrMeta+V');
        // The pin input spreads a paste over the boxes on the next animation frame, which the
        // paused clock must let happen (a few ms: the countdown's next second stays ahead).
        await page.clock.runFor(50);
      } else {
        await box(page, 0).click();
        await page.keyboard.type(digits);
      }
    },
    'form.submit': async ({ page }) => {
      await page.getByRole('button', { name: 'Confirm code' }).click();
    },
    'code.resend': async ({ page }) => {
      await page.getByRole('button', { name: 'Resend code' }).click();
    },
    'xstate.after.second.otp.timer.running': async ({ page }) => {
      await page.clock.runFor(1000);
    },
    'xstate.done.actor.verifyOtp': ({ held }) => held.answer('verifyOtp', { server: true }),
    'xstate.error.actor.verifyOtp': ({ held }, event) =>
      held.answer(
        'verifyOtp',
        event.error.serverMessage === EXPIRED_OTP
          ? { status: 400, json: { message: EXPIRED_OTP } }
          : { server: true },
      ),
    'xstate.done.actor.resendCode': async ({ held, request, data }) => {
      // The real server mails a new code; from now on it is the one the person types.
      const known = await countMails(request, data.email, /reset code/i);
      await held.answer('resendCode', { server: true });
      data.code = resetCodeIn(await newMail(request, data.email, /reset code/i, known));
    },
    'xstate.error.actor.resendCode': ({ held }) => held.answer('resendCode', { network: 'failed' }),
  },
  states: {
    'timer.running': async ({ page }, s) => {
      await expect(page.getByText(`Code expires in ${formatCountdown(s.context.remaining)}`)).toBeVisible();
    },
    'timer.expired': async ({ page }) => {
      await expect(page.getByText('The code has expired. Ask for a new one.')).toBeVisible();
    },
    'form.idle': async (world, s) => {
      const { page } = world;
      // Mid-countdown on a clean form a clock step changes only the countdown ('timer.running'
      // checks it at every step): the form is looked at every 30 s of it and near both ends, which
      // keeps the path's 300 steps from costing a minute of browser time in every run.
      const { remaining } = s.context;
      const midCountdown =
        s.matches({ timer: 'running' }) &&
        remaining > 2 &&
        remaining < OTP_SECONDS - 2 &&
        remaining % 30 !== 0;
      if (midCountdown && s.context.code.join('') === '' && !s.context.error && !s.context.notice) return;
      // The six boxes in one look.
      const digits = realCode(world, s.context.code)
        .padEnd(6, ' ')
        .split('')
        .map((d) => d.trim());
      await expect
        .poll(() =>
          page
            .getByLabel(/^Digit \d of 6$/)
            .evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).value)),
        )
        .toEqual(digits);
      // 'Confirm code' is disabled while the code is not six digits.
      await expect(page.getByRole('button', { name: 'Confirm code' })).toBeEnabled({
        enabled: codeError(s.context.code) === null,
      });
      await expect(page.getByRole('button', { name: 'Resend code' })).toBeEnabled();
      await expectFormError(page, s.context.error);
      await expectFormNotice(page, realText(world, s.context.notice));
    },
    'form.verifying': async ({ page }) => {
      await expect(page.getByRole('button', { name: 'Verifying...' })).toBeDisabled();
    },
    'form.resending': async ({ page }) => {
      await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    },
    'form.verified': async ({ page }) => {
      await expect(page).toHaveURL(/\/reset-password$/);
      await expect(page.getByRole('heading', { name: 'Set new password' })).toBeVisible();
      await expectResetTokenInHistoryOnly(page);
    },
  },
};
