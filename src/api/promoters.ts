import {
  myPromotionsResponse,
  type PromoterCreateRequest,
  type PromoterUpdateRequest,
  promoterClickResponse,
  promotersResponse,
} from '../../contract/promoters';
import { client, getJson, sendJson, toApiError } from './http';

/** Promoters on commission (contract/promoters.ts, decision 064). */
const id = encodeURIComponent;

export const fetchPromoters = async (eventId: string) =>
  (await getJson(`events/${id(eventId)}/promoters`, promotersResponse)).promoters;

export const addPromoter = async ({ eventId, body }: { eventId: string; body: PromoterCreateRequest }) =>
  (await sendJson('post', `events/${id(eventId)}/promoters`, body, promotersResponse)).promoters;

export const changePromoter = async ({
  eventId,
  promoterId,
  body,
}: {
  eventId: string;
  promoterId: string;
  body: PromoterUpdateRequest;
}) =>
  (await sendJson('put', `events/${id(eventId)}/promoters/${id(promoterId)}`, body, promotersResponse))
    .promoters;

export const removePromoter = async ({ eventId, promoterId }: { eventId: string; promoterId: string }) =>
  (
    await sendJson(
      'delete',
      `events/${id(eventId)}/promoters/${id(promoterId)}`,
      undefined,
      promotersResponse,
    )
  ).promoters;

/** promoters.csv as a blob: a plain link could not carry the bearer token. */
export async function fetchPromotersCsv(eventId: string): Promise<Blob> {
  try {
    return await (await client()).get(`events/${id(eventId)}/promoters.csv`).blob();
  } catch (error) {
    throw await toApiError(error);
  }
}

export const fetchMyPromotions = async () =>
  (await getJson('promoters/mine', myPromotionsResponse)).promotions;

export const countPromoterClick = (code: string) =>
  sendJson('post', 'promoters/click', { code }, promoterClickResponse);
