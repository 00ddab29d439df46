import * as z from 'zod/mini';
import type { Event } from '../../contract/events';
import {
  type EventDetailsRequest,
  eventDetailsRequest,
  type SocialLinksInput,
} from '../../contract/organiser';
import { type FieldErrors, validate } from './form';

/**
 * The event details form (wizard step 1 and the management Details tab): what the
 * organiser types, the rules with the spec's messages, and the request body it becomes.
 */
export type EventDetailsValues = {
  eventName: string;
  category: string;
  description: string;
  startDate: string;
  endDate: string;
  startTime: string;
  endTime: string;
  physical: boolean;
  online: boolean;
  country: string;
  state: string;
  location: string;
  url: string;
};
export type EventDetailsField = keyof EventDetailsValues;

export const emptyEventDetails: EventDetailsValues = {
  eventName: '',
  category: '',
  description: '',
  startDate: '',
  endDate: '',
  startTime: '',
  endTime: '',
  physical: false,
  online: false,
  country: 'Nigeria',
  state: '',
  location: '',
  url: '',
};

/** The two checkboxes as the spec's location type: none, physical, online or both (§4). */
export function locationKindOf(values: Pick<EventDetailsValues, 'physical' | 'online'>) {
  if (values.physical && values.online) return 'both';
  if (values.physical) return 'physical';
  if (values.online) return 'online';
  return 'none';
}

export function valuesFromEvent(event: Event): EventDetailsValues {
  return {
    eventName: event.eventName,
    category: event.category,
    description: event.description,
    startDate: event.startDate,
    endDate: event.endDate,
    startTime: event.startTime,
    endTime: event.endTime,
    physical: event.eventLocation !== 'online',
    online: event.eventLocation !== 'physical',
    country: event.country ?? 'Nigeria',
    state: event.state ?? '',
    location: event.location ?? '',
    url: event.url ?? '',
  };
}

/**
 * The form's messages: the contract's (the server checks the same body again), one per field.
 * Neither checkbox ticked shows under the checkboxes as `eventLocation`.
 */
export function eventDetailsErrors(values: EventDetailsValues): FieldErrors {
  return validate(eventDetailsRequest, toRequest(values));
}

function toRequest(values: EventDetailsValues) {
  const kind = locationKindOf(values);
  const physical = kind === 'physical' || kind === 'both';
  const online = kind === 'online' || kind === 'both';
  return {
    eventName: values.eventName,
    category: values.category,
    description: values.description,
    startDate: values.startDate,
    endDate: values.endDate,
    startTime: values.startTime,
    endTime: values.endTime,
    // Stryker disable next-line ConditionalExpression,StringLiteral: 'none' is no location kind either: the contract refuses '', 'none' or any other word with the same message
    eventLocation: kind === 'none' ? '' : kind,
    country: physical ? values.country : null,
    state: physical ? values.state : null,
    location: physical ? values.location : null,
    url: online ? values.url : null,
  };
}

/** The body of POST /api/events/create and PUT /api/events/:id (only the chosen kind's fields). */
export function detailsRequest(values: EventDetailsValues, socials?: SocialLinksInput): EventDetailsRequest {
  const body = z.parse(eventDetailsRequest, toRequest(values));
  return socials ? { ...body, socials } : body;
}
