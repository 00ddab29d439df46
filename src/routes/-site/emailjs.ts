import type { ContactRequest } from '../../../contract/contact';

/**
 * The optional EmailJS route for the contact form: used only when the three IDs are set
 * at build time. The library is imported on demand, so it is not in the bundle otherwise.
 */
export type EmailJsConfig = { serviceId: string; templateId: string; publicKey: string; origin?: string };

export function emailJsConfigFromEnv(): EmailJsConfig | null {
  const env = import.meta.env;
  const serviceId = env.VITE_EMAILJS_SERVICE_ID as string | undefined;
  const templateId = env.VITE_EMAILJS_TEMPLATE_ID as string | undefined;
  const publicKey = env.VITE_EMAILJS_PUBLIC_KEY as string | undefined;
  if (!serviceId || !templateId || !publicKey) return null;
  const origin = (env.VITE_EMAILJS_ORIGIN as string | undefined) || undefined;
  return { serviceId, templateId, publicKey, origin };
}

/**
 * The text after 'Failed to send email: ': 0 Network Error; 451 Unavailable For
 * Headless Browser; 403 Forbidden (a value on the block list); 429 Too Many Requests (throttle);
 * otherwise the provider's own status and body.
 */
export function emailJsFailureText(error: unknown): string {
  const status = typeof error === 'object' && error !== null && 'status' in error ? Number(error.status) : 0;
  const text = typeof error === 'object' && error !== null && 'text' in error ? String(error.text ?? '') : '';
  switch (status) {
    case 0:
      return 'Network Error';
    case 451:
      return 'Unavailable For Headless Browser';
    case 403:
      return 'Forbidden';
    case 429:
      return 'Too Many Requests';
    default:
      return text ? `${status} ${text}` : String(status);
  }
}

/** Sends the form through EmailJS; rejects with an Error whose message is the toast's text. */
export async function sendWithEmailJs(config: EmailJsConfig, values: ContactRequest): Promise<void> {
  const emailjs = await import('@emailjs/browser');
  // Headless browsers (and so our own browser tests) must not be blocked: spec tests run headless.
  emailjs.init({
    publicKey: config.publicKey,
    blockHeadless: false,
    ...(config.origin ? { origin: config.origin } : {}),
  });
  try {
    await emailjs.send(config.serviceId, config.templateId, {
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      message: values.message,
      from_name: `${values.firstName} ${values.lastName}`,
      reply_to: values.email,
    });
  } catch (error) {
    throw new Error(emailJsFailureText(error));
  }
}
