import {
  doorSummaryResponse,
  myTeamEventsResponse,
  type TeamInviteRequest,
  teamAcceptResponse,
  teamResponse,
} from '../../contract/team';
import { getJson, sendJson } from './http';

/** An event's team (contract/team.ts, decision 043). All need the token. */
const id = encodeURIComponent;

export const fetchTeam = (eventId: string) => getJson(`events/${id(eventId)}/team`, teamResponse);

export const inviteToTeam = ({ eventId, body }: { eventId: string; body: TeamInviteRequest }) =>
  sendJson('post', `events/${id(eventId)}/team/invitations`, body, teamResponse);

export const removeFromTeam = ({ eventId, memberId }: { eventId: string; memberId: string }) =>
  sendJson('delete', `events/${id(eventId)}/team/${id(memberId)}`, undefined, teamResponse);

export const acceptTeamInvitation = ({ token }: { token: string }) =>
  sendJson('post', 'team/accept', { token }, teamAcceptResponse);

export const fetchMyTeamEvents = () => getJson('team/events', myTeamEventsResponse);

/** The door screen's header: the event (no money) and the viewer's role. */
export const fetchDoorSummary = (eventId: string) =>
  getJson(`events/${id(eventId)}/door`, doorSummaryResponse);
