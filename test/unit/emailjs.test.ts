// @vitest-environment happy-dom
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type EmailJsConfig, emailJsFailureText, sendWithEmailJs } from '../../src/routes/-site/emailjs';

/**
 * A real HTTP server on 127.0.0.1 that speaks EmailJS's send API: it records each request and
 * answers with the status and text the test sets. The browser library is pointed at it with
 * init({ publicKey, origin }), exactly as VITE_EMAILJS_ORIGIN does in a build.
 */
let server: Server;
let origin = '';
let reply: { status: number; text: string } = { status: 200, text: 'OK' };
const received: { path: string; body: unknown; contentType: string | undefined }[] = [];

function handle(req: IncomingMessage, res: ServerResponse) {
  const cors = {
    'access-control-allow-origin': '*',
    'access-control-allow-headers': 'content-type',
    'access-control-allow-methods': 'POST, OPTIONS',
  };
  if (req.method === 'OPTIONS') {
    res.writeHead(204, cors).end();
    return;
  }
  let data = '';
  req.on('data', (chunk) => {
    data += chunk;
  });
  req.on('end', () => {
    received.push({ path: req.url ?? '', body: JSON.parse(data), contentType: req.headers['content-type'] });
    res.writeHead(reply.status, { ...cors, 'content-type': 'text/plain' }).end(reply.text);
  });
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  received.length = 0;
  reply = { status: 200, text: 'OK' };
});

const config = (): EmailJsConfig => ({
  serviceId: 'service_gatepass',
  templateId: 'template_contact',
  publicKey: 'pk_test_123',
  origin,
});
const values = {
  firstName: 'Adaeze',
  lastName: 'Okonkwo',
  email: 'adaeze@example.ng',
  message: 'Do you support USSD payments?',
  agreement: true as const,
};

describe('contact form through EmailJS (real local fake server)', () => {
  it('posts the library’s JSON to {origin}/api/v1.0/email/send and resolves on 200', async () => {
    await sendWithEmailJs(config(), values);
    expect(received).toHaveLength(1);
    expect(received[0]!.path).toBe('/api/v1.0/email/send');
    expect(received[0]!.contentType).toContain('application/json');
    expect(received[0]!.body).toEqual({
      lib_version: '4.4.1',
      user_id: 'pk_test_123',
      service_id: 'service_gatepass',
      template_id: 'template_contact',
      template_params: {
        firstName: 'Adaeze',
        lastName: 'Okonkwo',
        email: 'adaeze@example.ng',
        message: 'Do you support USSD payments?',
        from_name: 'Adaeze Okonkwo',
        reply_to: 'adaeze@example.ng',
      },
    });
  });

  it.each([
    [400, 'The Public Key is invalid', '400 The Public Key is invalid'],
    [429, 'Too many requests', 'Too Many Requests'],
    [403, 'blocked', 'Forbidden'],
    [451, 'headless', 'Unavailable For Headless Browser'],
  ])('a %i answer rejects with the toast text', async (status, text, expected) => {
    reply = { status, text };
    await expect(sendWithEmailJs(config(), values)).rejects.toThrow(expected);
    expect(received).toHaveLength(1);
  });

  it('an unreachable server is a Network Error', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(
      sendWithEmailJs({ ...config(), origin: `http://127.0.0.1:${port}` }, values),
    ).rejects.toThrow('Network Error');
  });
});

describe('EmailJS rejection texts', () => {
  it('maps the library’s statuses to its messages and keeps the provider’s own otherwise', () => {
    expect(emailJsFailureText({ status: 0, text: 'Network Error' })).toBe('Network Error');
    expect(emailJsFailureText(new TypeError('Failed to fetch'))).toBe('Network Error');
    expect(emailJsFailureText({ status: 451, text: 'Unavailable For Headless Browser' })).toBe(
      'Unavailable For Headless Browser',
    );
    expect(emailJsFailureText({ status: 403, text: 'Forbidden' })).toBe('Forbidden');
    expect(emailJsFailureText({ status: 429, text: 'Too Many Requests' })).toBe('Too Many Requests');
    expect(emailJsFailureText({ status: 412, text: 'Template not found' })).toBe('412 Template not found');
    expect(emailJsFailureText({ status: 500, text: '' })).toBe('500');
  });
});
