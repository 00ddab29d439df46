import { validEvent } from './organiser';
import {
  type Case,
  CHECKIN,
  GUESTLIST,
  MANAGE,
  type RoleMakers,
  type RoleWorld,
  SALES,
  unique,
  VIEW,
} from './teamRoles';

/** The matrix's cases for an event's own settings, sales, dates, codes and questions. */
export function eventRouteCases(w: RoleWorld, m: RoleMakers): Case[] {
  const { eventId, freeTypeId, hiddenTypeId, ownerDoes } = w;
  const { newDate, dateBody, newDiscount, newAccessCode, newQuestion } = m;
  return [
    {
      route: 'PUT /api/events/:eventId',
      allowed: MANAGE,
      make: async () => ({
        method: 'PUT',
        url: `/api/events/${eventId}`,
        body: validEvent({ eventName: 'Afrobeats Night Lagos' }),
      }),
    },
    {
      route: 'GET /api/events/:eventId/manage',
      allowed: VIEW,
      make: async () => ({ method: 'GET', url: `/api/events/${eventId}/manage` }),
    },
    {
      route: 'POST /api/events/:eventId/publish',
      allowed: MANAGE,
      make: async () => ({ method: 'POST', url: `/api/events/${eventId}/publish` }),
    },
    {
      route: 'POST /api/events/:eventId/unpublish',
      allowed: MANAGE,
      make: async () => ({ method: 'POST', url: `/api/events/${eventId}/unpublish` }),
    },
    {
      route: 'POST /api/events/:eventId/sales',
      allowed: MANAGE,
      make: async () => {
        await ownerDoes({ method: 'POST', url: `/api/events/${eventId}/publish` });
        return { method: 'POST', url: `/api/events/${eventId}/sales`, body: { live: true } };
      },
    },
    {
      route: 'PUT /api/events/:eventId/ticket-email',
      allowed: MANAGE,
      make: async () => ({
        method: 'PUT',
        url: `/api/events/${eventId}/ticket-email`,
        body: { ticketEmailMessage: 'See you there' },
      }),
    },
    {
      route: 'GET /api/events/:eventId/waitlist',
      allowed: MANAGE,
      make: async () => ({ method: 'GET', url: `/api/events/${eventId}/waitlist` }),
    },
    {
      route: 'PUT /api/events/:eventId/waitlist',
      allowed: MANAGE,
      make: async () => ({
        method: 'PUT',
        url: `/api/events/${eventId}/waitlist`,
        body: { offerMinutes: 30 },
      }),
    },
    {
      route: 'PUT /api/events/:eventId/waitlist/:ticketId',
      allowed: MANAGE,
      make: async () => ({
        method: 'PUT',
        url: `/api/events/${eventId}/waitlist/${freeTypeId}`,
        body: { enabled: true },
      }),
    },
    {
      route: 'PUT /api/events/:eventId/ticket-changes',
      allowed: MANAGE,
      make: async () => ({
        method: 'PUT',
        url: `/api/events/${eventId}/ticket-changes`,
        body: { transfersEnabled: true, closeHours: 2 },
      }),
    },
    {
      route: 'PUT /api/events/:eventId/fee-mode',
      allowed: MANAGE,
      make: async () => ({
        method: 'PUT',
        url: `/api/events/${eventId}/fee-mode`,
        body: { feeMode: 'buyer' },
      }),
    },
    {
      route: 'POST /api/events/:eventId/test-email',
      allowed: MANAGE,
      make: async () => ({
        method: 'POST',
        url: `/api/events/${eventId}/test-email`,
        body: { email: 'preview@example.ng' },
      }),
    },
    {
      route: 'POST /api/events/:eventId/duplicate',
      allowed: MANAGE,
      make: async () => ({ method: 'POST', url: `/api/events/${eventId}/duplicate` }),
    },
    {
      route: 'PUT /api/events/update-image/:eventId',
      allowed: MANAGE,
      make: async () => ({
        method: 'PUT',
        url: `/api/events/update-image/${eventId}`,
        multipart: { field: 'eventImage', png: true },
      }),
    },
    {
      route: 'GET /api/events/:eventId/guestlist',
      allowed: GUESTLIST,
      make: async () => ({ method: 'GET', url: `/api/events/${eventId}/guestlist` }),
    },
    {
      route: 'GET /api/events/:eventId/guestlist.csv',
      allowed: GUESTLIST,
      make: async () => ({ method: 'GET', url: `/api/events/${eventId}/guestlist.csv` }),
    },
    {
      route: 'GET /api/events/:eventId/sales',
      allowed: SALES,
      make: async () => ({ method: 'GET', url: `/api/events/${eventId}/sales` }),
    },
    {
      route: 'GET /api/events/:eventId/sales/charts',
      allowed: SALES,
      make: async () => ({ method: 'GET', url: `/api/events/${eventId}/sales/charts` }),
    },
    {
      route: 'GET /api/events/:eventId/sales.csv',
      allowed: SALES,
      make: async () => ({ method: 'GET', url: `/api/events/${eventId}/sales.csv` }),
    },
    {
      route: 'GET /api/events/:eventId/statement',
      allowed: SALES,
      make: async () => ({ method: 'GET', url: `/api/events/${eventId}/statement` }),
    },
    {
      route: 'GET /api/events/:eventId/statement.csv',
      allowed: SALES,
      make: async () => ({ method: 'GET', url: `/api/events/${eventId}/statement.csv` }),
    },
    {
      route: 'GET /api/events/:eventId/door',
      allowed: CHECKIN,
      make: async () => ({ method: 'GET', url: `/api/events/${eventId}/door` }),
    },
    {
      route: 'GET /api/events/:eventId/checkins/charts',
      allowed: CHECKIN,
      make: async () => ({ method: 'GET', url: `/api/events/${eventId}/checkins/charts` }),
    },
    {
      route: 'GET /api/events/:eventId/dates/manage',
      allowed: VIEW,
      make: async () => ({ method: 'GET', url: `/api/events/${eventId}/dates/manage` }),
    },
    {
      route: 'POST /api/events/:eventId/dates',
      allowed: MANAGE,
      make: async () => ({ method: 'POST', url: `/api/events/${eventId}/dates`, body: dateBody() }),
    },
    {
      route: 'DELETE /api/events/:eventId/dates/:dateId',
      allowed: MANAGE,
      make: async () => ({ method: 'DELETE', url: `/api/events/${eventId}/dates/${await newDate()}` }),
    },
    {
      route: 'POST /api/events/:eventId/dates/copy-tickets',
      allowed: MANAGE,
      make: async () => ({ method: 'POST', url: `/api/events/${eventId}/dates/copy-tickets` }),
    },
    {
      route: 'GET /api/events/:eventId/discounts',
      allowed: MANAGE,
      make: async () => ({ method: 'GET', url: `/api/events/${eventId}/discounts` }),
    },
    {
      route: 'POST /api/events/:eventId/discounts',
      allowed: MANAGE,
      make: async () => ({
        method: 'POST',
        url: `/api/events/${eventId}/discounts`,
        body: { code: unique('N'), kind: 'percent', percentOff: 5 },
      }),
    },
    {
      route: 'PUT /api/events/:eventId/discounts/:discountId',
      allowed: MANAGE,
      make: async () => ({
        method: 'PUT',
        url: `/api/events/${eventId}/discounts/${await newDiscount()}`,
        body: { code: unique('E'), kind: 'percent', percentOff: 20 },
      }),
    },
    {
      route: 'DELETE /api/events/:eventId/discounts/:discountId',
      allowed: MANAGE,
      make: async () => ({
        method: 'DELETE',
        url: `/api/events/${eventId}/discounts/${await newDiscount()}`,
      }),
    },
    {
      route: 'GET /api/events/:eventId/access-codes',
      allowed: MANAGE,
      make: async () => ({ method: 'GET', url: `/api/events/${eventId}/access-codes` }),
    },
    {
      route: 'POST /api/events/:eventId/access-codes',
      allowed: MANAGE,
      make: async () => ({
        method: 'POST',
        url: `/api/events/${eventId}/access-codes`,
        body: { code: unique('V'), ticketTypeIds: [hiddenTypeId] },
      }),
    },
    {
      route: 'DELETE /api/events/:eventId/access-codes/:accessCodeId',
      allowed: MANAGE,
      make: async () => ({
        method: 'DELETE',
        url: `/api/events/${eventId}/access-codes/${await newAccessCode()}`,
      }),
    },
    {
      route: 'GET /api/events/:eventId/onsale',
      allowed: MANAGE,
      make: async () => ({ method: 'GET', url: `/api/events/${eventId}/onsale` }),
    },
    {
      route: 'PUT /api/events/:eventId/onsale',
      allowed: MANAGE,
      make: async () => ({
        method: 'PUT',
        url: `/api/events/${eventId}/onsale`,
        body: { opensAt: null, waitingRoom: 'off', admitPerSecond: null },
      }),
    },
    {
      route: 'GET /api/events/:eventId/questions',
      allowed: GUESTLIST,
      make: async () => ({ method: 'GET', url: `/api/events/${eventId}/questions` }),
    },
    {
      route: 'POST /api/events/:eventId/questions',
      allowed: MANAGE,
      make: async () => ({
        method: 'POST',
        url: `/api/events/${eventId}/questions`,
        body: { label: unique('Q '), kind: 'yes_no', scope: 'attendee', required: false },
      }),
    },
    {
      route: 'PUT /api/events/:eventId/questions/:questionId',
      allowed: MANAGE,
      make: async () => ({
        method: 'PUT',
        url: `/api/events/${eventId}/questions/${await newQuestion()}`,
        body: { label: unique('R '), kind: 'text', scope: 'order', required: false },
      }),
    },
    {
      route: 'DELETE /api/events/:eventId/questions/:questionId',
      allowed: MANAGE,
      make: async () => ({
        method: 'DELETE',
        url: `/api/events/${eventId}/questions/${await newQuestion()}`,
      }),
    },
    {
      route: 'POST /api/events/:eventId/questions/:questionId/move',
      allowed: MANAGE,
      make: async () => ({
        method: 'POST',
        url: `/api/events/${eventId}/questions/${await newQuestion()}/move`,
        body: { direction: 'up' },
      }),
    },
  ];
}
