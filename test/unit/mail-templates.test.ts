import { describe, expect, it } from 'vitest';
import {
  changeEmailMail,
  escapeHtml,
  passwordChangedMail,
  resetCodeMail,
  verifyEmailMail,
} from '../../server/adapters/mail/templates';

const link = 'https://gatepass.ng/verify-email?token=abc_DEF-123';

describe('account email templates', () => {
  it('the verification mail carries the link in the HTML button, as plain text, and in the text part', () => {
    const mail = verifyEmailMail({ to: 'ada@example.ng', firstName: 'Ada', link });
    expect(mail.to).toBe('ada@example.ng');
    expect(mail.subject).toBe('Verify your email address');
    expect(mail.text).toContain(`Verify email address: ${link}`);
    expect(mail.text).toContain('Hi Ada,');
    expect(mail.text).toContain('24 hours');
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html.match(new RegExp(link.replaceAll('?', '\\?'), 'g'))?.length).toBeGreaterThanOrEqual(2);
    expect(mail.html).toContain('#046c4e');
    expect(mail.html).toContain('Gatepass');
    expect(mail.html).toMatch(/^<!doctype html>/);
  });

  it('the change-of-email mail says the address changes only when confirmed', () => {
    const mail = changeEmailMail({ to: 'new@example.ng', firstName: 'Ada', link });
    expect(mail.subject).toBe('Confirm your new email address');
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('keeps its current email address');
  });

  it('the reset mail shows the six digits, the 5-minute expiry and no link to click', () => {
    const mail = resetCodeMail({ to: 'ada@example.ng', firstName: 'Ada', code: '042917' });
    expect(mail.text).toContain('Your code: 042917');
    expect(mail.html).toContain('042917');
    expect(mail.text).toContain('5 minutes');
    expect(mail.html).not.toContain('href=');
  });

  it('the password-changed notice points to the reset page', () => {
    const mail = passwordChangedMail({
      to: 'ada@example.ng',
      firstName: 'Ada',
      appUrl: 'https://gatepass.ng',
    });
    expect(mail.text).toContain('https://gatepass.ng/forgot-password');
  });

  it('escapes what people typed, so a name cannot inject markup', () => {
    const mail = verifyEmailMail({ to: 'x@example.ng', firstName: '<img src=x onerror=alert(1)>', link });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(escapeHtml(`"'&<>`)).toBe('&quot;&#39;&amp;&lt;&gt;');
  });
});
