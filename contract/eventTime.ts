import { joinLagos, lagosToInstant, type SaleWindowState, saleWindowState } from './lagosTime';

/**
 * When an event happens, as instants. Events are stored as Lagos wall-clock fields ('YYYY-MM-DD' and
 * 'HH:MM', or 'HH:MM:SS' as PostgreSQL's time type prints it); Lagos is UTC+1 all year, so each pair is
 * one fixed instant. Every "has it started / ended / is it on sale" question is answered here, for the
 * server, the machines and the SPA alike.
 */
export type EventStartFields = { startDate: string; startTime: string };
export type EventEndFields = { endDate: string; endTime: string };

const at = (now: Date | number) => (typeof now === 'number' ? now : now.getTime());

/** The moment the event starts. */
export function eventStart(event: EventStartFields): Date {
  return lagosToInstant(joinLagos(event.startDate, event.startTime));
}

/** The moment the event ends. */
export function eventEnd(event: EventEndFields): Date {
  return lagosToInstant(joinLagos(event.endDate, event.endTime));
}

/** The start is at or before `now`. */
export function hasStarted(event: EventStartFields, now: Date | number = Date.now()): boolean {
  return eventStart(event).getTime() <= at(now);
}

/** The end is at or before `now`: the event is over, its sales have ended. */
export function hasEnded(event: EventEndFields, now: Date | number = Date.now()): boolean {
  return eventEnd(event).getTime() <= at(now);
}

/**
 * Where one ticket type's sale stands at `now`: the type's own window ('not_started', 'on_sale',
 * 'ended'), closed once the event itself is over. Publication and paused sales are the caller's
 * own rules (a draft is previewed, a pause has its own message).
 */
export function ticketSaleState(
  event: EventEndFields,
  window: { onSaleFrom: string | null; onSaleUntil: string | null },
  now: Date | number = Date.now(),
): SaleWindowState {
  if (hasEnded(event, now)) return 'ended';
  return saleWindowState(window.onSaleFrom, window.onSaleUntil, new Date(at(now)));
}
