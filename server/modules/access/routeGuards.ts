import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { currentUser } from '../auth/plugin';
import { type EventRole, MANAGING_ROLES, manageableEvent, manageableTicketType } from './eventAccess';

/**
 * preValidation hooks: access is settled before the body is read or validated, so another
 * organiser gets 403 (and an unknown event 404) whatever they send, and an upload is never consumed.
 * The services check again (they own the rule); these only answer early.
 */
export function managesEventParam(db: Database, roles: readonly EventRole[] = MANAGING_ROLES) {
  return async (request: FastifyRequest) => {
    const { eventId } = request.params as { eventId?: string };
    await manageableEvent(db, eventId ?? '', currentUser(request).id, roles);
  };
}

export function managesTicketTypeParam(db: Database) {
  return async (request: FastifyRequest) => {
    const { ticketId } = request.params as { ticketId?: string };
    await manageableTicketType(db, ticketId ?? '', currentUser(request).id);
  };
}
