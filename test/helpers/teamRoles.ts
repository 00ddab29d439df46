import { buyTickets } from './checkin';
import { people } from './checkout';
import { dayFromNow, freeTicket } from './organiser';
import type { MatrixRequest } from './team';
import type { TestApp } from './testApp';

/**
 * The team-roles matrix's vocabulary (test/api/team-roles.test.ts, decision 043): who calls, which
 * roles a route allows, and the owner's makers that create each case's target first.
 */
export type Who = 'owner' | 'co' | 'finance' | 'door' | 'stranger';
export type Req = MatrixRequest;
export type Case = { route: string; allowed: readonly Who[]; make: () => Promise<Req>; refusal?: string };

/** Orders the buyer may read too answer a refusal in the order's words, the same to anyone. */
export const NOT_YOUR_ORDER = "You don't have access to this order.";

export const MANAGE: readonly Who[] = ['owner', 'co'];
export const VIEW: readonly Who[] = ['owner', 'co', 'finance'];
export const SALES = VIEW;
export const GUESTLIST: readonly Who[] = ['owner', 'co', 'finance', 'door'];
export const CHECKIN: readonly Who[] = ['owner', 'co', 'door'];
export const OWNER: readonly Who[] = ['owner'];
/** The door's cash-up (decision 062). */
export const CASHUP: readonly Who[] = ['owner', 'finance'];

let counter = 0;
export const unique = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${++counter}`;

/** The event the matrix runs on, and the owner's call that must succeed. */
export type RoleWorld = {
  t: TestApp;
  eventId: string;
  freeTypeId: string;
  hiddenTypeId: string;
  paidTypeId: string;
  // biome-ignore lint/suspicious/noExplicitAny: the answers' shapes differ per route
  ownerDoes: (req: Req) => Promise<any>;
};

/** The owner makes what a case acts on: a fresh one per call, so a delete never starves the next role. */
export function roleMakers(w: RoleWorld) {
  const { t, eventId, freeTypeId, hiddenTypeId, paidTypeId, ownerDoes } = w;
  const newTicketType = async () =>
    (await ownerDoes({ method: 'POST', url: '/api/tickets/create', body: freeTicket(eventId) })).ticket
      ._id as string;
  // Each new date a day of its own, far ahead (dates are unique per day and start time).
  let dateDay = 300;
  const dateBody = () => ({ date: dayFromNow(++dateDay), startTime: '18:00', endTime: '22:00' });
  const newDate = async () => {
    const body = dateBody();
    const list = await ownerDoes({ method: 'POST', url: `/api/events/${eventId}/dates`, body });
    return (list.dates as { _id: string; date: string }[]).find((d) => d.date === body.date)!._id;
  };
  const newDiscount = async () =>
    (
      await ownerDoes({
        method: 'POST',
        url: `/api/events/${eventId}/discounts`,
        body: { code: unique('D'), kind: 'percent', percentOff: 10 },
      })
    ).discount._id as string;
  const newAccessCode = async () => {
    const saved = await ownerDoes({
      method: 'POST',
      url: `/api/events/${eventId}/access-codes`,
      body: { code: unique('A'), ticketTypeIds: [hiddenTypeId] },
    });
    return saved.accessCode.id as string;
  };
  const newQuestion = async () => {
    const saved = await ownerDoes({
      method: 'POST',
      url: `/api/events/${eventId}/questions`,
      body: { label: unique('Q '), kind: 'text', scope: 'order', required: false },
    });
    return saved.questions.at(-1).id as string;
  };
  const newLink = async () =>
    (
      await ownerDoes({
        method: 'POST',
        url: `/api/events/${eventId}/checkin-links`,
        body: { label: unique('Gate ') },
      })
    ).link.id as string;
  const newOrder = async () => {
    const [buyer] = await people(t.deps.db, 1, 'guest');
    return buyTickets(t, buyer!, eventId, { [freeTypeId]: 1 });
  };

  const newPaidOrder = async () => {
    const [buyer] = await people(t.deps.db, 1, 'guest');
    return buyTickets(t, buyer!, eventId, { [paidTypeId]: 1 });
  };

  return {
    newTicketType,
    newDate,
    dateBody,
    newDiscount,
    newAccessCode,
    newQuestion,
    newLink,
    newOrder,
    newPaidOrder,
  };
}
export type RoleMakers = ReturnType<typeof roleMakers>;
