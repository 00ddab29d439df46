import { checkinChartsResponse, salesChartsResponse } from '../../contract/organiserCharts';
import { client, getJson, toApiError } from './http';

/** The organiser's charts (decision 039; contract/organiserCharts.ts). All need the token. */
const id = encodeURIComponent;

export const fetchSalesCharts = (eventId: string) =>
  getJson(`events/${id(eventId)}/sales/charts`, salesChartsResponse);

export const fetchCheckinCharts = (eventId: string) =>
  getJson(`events/${id(eventId)}/checkins/charts`, checkinChartsResponse);

/** sales.csv as a blob: a plain link could not carry the bearer token. */
export async function fetchSalesCsv(eventId: string): Promise<Blob> {
  try {
    return await (await client()).get(`events/${id(eventId)}/sales.csv`).blob();
  } catch (error) {
    throw await toApiError(error);
  }
}
