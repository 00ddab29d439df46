import { type ContactRequest, contactResponse } from '../../../contract/contact';
import { type NewsletterRequest, newsletterResponse } from '../../../contract/newsletter';
import { sendJson } from '../../api/http';

/** POST /api/contact: stored, then emailed to the team (the failure text is the server's message). */
export const postContactMessage = (body: ContactRequest) =>
  sendJson('post', 'contact', body, contactResponse);

/** POST /api/newsletter: 201 new, 200 already subscribed. */
export const postNewsletter = (body: NewsletterRequest) =>
  sendJson('post', 'newsletter', body, newsletterResponse);
