import { type AddDatesRequest, eventDatesResponse, organiserDatesResponse } from '../../contract/eventDates';
import { getJson, sendJson } from './http';

/** An event's dates (contract/eventDates.ts, decision 046). */
const id = encodeURIComponent;

export const fetchEventDates = (eventId: string) =>
  getJson(`events/${id(eventId)}/dates`, eventDatesResponse).then((r) => r.dates);

export const fetchOrganiserDates = ({ eventId }: { eventId: string }) =>
  getJson(`events/${id(eventId)}/dates/manage`, organiserDatesResponse);

export const addEventDates = ({ eventId, body }: { eventId: string; body: AddDatesRequest }) =>
  sendJson('post', `events/${id(eventId)}/dates`, body, organiserDatesResponse);

export const removeEventDate = ({ eventId, dateId }: { eventId: string; dateId: string }) =>
  sendJson('delete', `events/${id(eventId)}/dates/${id(dateId)}`, undefined, organiserDatesResponse);

export const copyTypesToDates = ({ eventId }: { eventId: string }) =>
  sendJson('post', `events/${id(eventId)}/dates/copy-tickets`, undefined, organiserDatesResponse);
