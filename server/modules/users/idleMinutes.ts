import { type SQL, sql } from 'drizzle-orm';
import { events, eventTeam, organiserTeam, users } from '../../db/schema';

/**
 * How long a session may sit idle (decision 053 §5): the minutes the account chose under Timeouts,
 * or, with no choice made (`users.inactivity_minutes` null), its role's default. An attendee's phone
 * is in a pocket between the purchase and the gate and keeps the tickets anyway, so 30 minutes; an
 * organiser (owns an event, or is a member of an event's or an organiser's team) holds the money and
 * the guest list, so 15, warned a minute before.
 */
export const ATTENDEE_IDLE_MINUTES = 30;
export const ORGANISER_IDLE_MINUTES = 15;

/** True when `users` (the row in the surrounding query) organises: an event, or a live team seat. */
export const organisesSql: SQL<boolean> = sql<boolean>`(
  exists (select 1 from ${events} where ${events.organiserId} = ${users.id})
  or exists (select 1 from ${eventTeam} where ${eventTeam.userId} = ${users.id} and ${eventTeam.revokedAt} is null)
  or exists (select 1 from ${organiserTeam} where ${organiserTeam.userId} = ${users.id} and ${organiserTeam.revokedAt} is null)
)`;

/** The minutes in force for `users`, in SQL (the numbers inline: as parameters they would be untyped). */
export const idleMinutesSql: SQL<number> = sql<number>`coalesce(${users.inactivityMinutes}, case when ${organisesSql} then ${sql.raw(String(ORGANISER_IDLE_MINUTES))} else ${sql.raw(String(ATTENDEE_IDLE_MINUTES))} end)`;
