import type { DoorSummaryResponse } from '../../../contract/team';
import type { AppDeps } from '../../context';
import { CHECKIN_ROLES, manageableEvent, roleOn } from '../access/eventAccess';

/**
 * The door screen's header (decision 043 amendment): the event's name, date and place and the
 * viewer's role, for those who may run its door. Built field by field so that nothing of the
 * event row (revenue, payout, fees) can reach a door supervisor by accident.
 */
export async function doorSummary(
  deps: AppDeps,
  userId: string,
  eventId: string,
): Promise<DoorSummaryResponse> {
  const event = await manageableEvent(deps.db, eventId, userId, CHECKIN_ROLES);
  const role = await roleOn(deps.db, event, userId);
  return {
    event: {
      id: event.id,
      eventName: event.eventName,
      startDate: event.startDate,
      startTime: event.startTime.slice(0, 5),
      location: event.location,
    },
    role: role === 'co_organiser' || role === 'door' ? role : 'organiser',
  };
}
