import { checkinChartsResponse, salesChartsResponse } from '../../contract/organiserCharts';
import { payoutStatementResponse } from '../../contract/payoutStatement';
import { client, getJson, toApiError } from './http';

/** The organiser's charts (decision 039; contract/organiserCharts.ts). All need the token. */
const id = encodeURIComponent;

export const fetchSalesCharts = (eventId: string) =>
  getJson(`events/${id(eventId)}/sales/charts`, salesChartsResponse);

export const fetchCheckinCharts = (eventId: string) =>
  getJson(`events/${id(eventId)}/checkins/charts`, checkinChartsResponse);

export const fetchStatement = (eventId: string) =>
  getJson(`events/${id(eventId)}/statement`, payoutStatementResponse);

/** A CSV as a blob: a plain link could not carry the bearer token. */
async function fetchCsv(path: string): Promise<Blob> {
  try {
    return await (await client()).get(path).blob();
  } catch (error) {
    throw await toApiError(error);
  }
}

export const fetchSalesCsv = (eventId: string) => fetchCsv(`events/${id(eventId)}/sales.csv`);

export const fetchStatementCsv = (eventId: string) => fetchCsv(`events/${id(eventId)}/statement.csv`);
