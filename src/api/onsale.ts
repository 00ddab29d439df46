import {
  type OnsaleSettingsRequest,
  onsalePlaceResponse,
  onsaleRoomResponse,
  onsaleSettingsResponse,
} from '../../contract/onsale';
import { getJson, sendJson } from './http';

/** The on-sale waiting room's calls (contract/onsale.ts, decision 059). */

const id = (eventId: string) => encodeURIComponent(eventId);

export const fetchRoom = (eventId: string) => getJson(`onsale/${id(eventId)}/room`, onsaleRoomResponse);
export const joinQueue = (eventId: string) =>
  sendJson('post', `onsale/${id(eventId)}/join`, {}, onsalePlaceResponse);
export const fetchPlace = (eventId: string) => getJson(`onsale/${id(eventId)}`, onsalePlaceResponse);

export const fetchOnsaleSettings = (eventId: string) =>
  getJson(`events/${id(eventId)}/onsale`, onsaleSettingsResponse);
export const saveOnsaleSettings = (eventId: string, body: OnsaleSettingsRequest) =>
  sendJson('put', `events/${id(eventId)}/onsale`, body, onsaleSettingsResponse);
