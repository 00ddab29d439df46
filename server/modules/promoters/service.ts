import { randomInt } from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { formatNaira } from '../../../contract/money';
import {
  type CommissionRule,
  type MyPromotionsResponse,
  PROMOTERS_CSV_COLUMNS,
  type PromoterCreateRequest,
  type PromotersResponse,
} from '../../../contract/promoters';
import type { AppDeps } from '../../context';
import { type CommissionRuleRow, events, promoters, ticketTypes, users } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { MANAGING_ROLES, manageableEvent, SALES_ROLES } from '../access/eventAccess';
import { neutraliseFormula } from '../management/guestlistCsv';
import { ruleToRow, ruleToWire } from './commission';
import { perTypeRows } from './edit';
import { figuresToWire, type PromoterRow, promoterSubaccounts, promoterTotals } from './figures';
import { promoterInvitationMail } from './mail';

export const PROMOTER_MESSAGES = {
  duplicate: 'This email is already a promoter of this event.',
  typeNotInEvent: 'A commission names a ticket type of another event.',
  linkNotFound: 'This promoter link does not exist.',
} as const;

/** No look-alikes (0/o, 1/l/i): people read these off flyers and type them. */
const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const newCode = () =>
  Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

export const promoterLinks = (appUrl: string, eventId: string, code: string) => ({
  link: `${appUrl}/event-details/${eventId}?ref=${code}`,
  shortLink: `${appUrl}/r/${code}`,
});

/** "10 %" or "₦500 per ticket", as the invitation and the tabs say it. */
export function termsText(rule: CommissionRule): string {
  return rule.kind === 'percent' ? `${rule.value} %` : `${formatNaira(rule.value)} per ticket`;
}

const baseRule = (p: PromoterRow): CommissionRuleRow => ({
  kind: p.commissionKind,
  value: p.commissionValue,
});

/** The Promoters tab: every promoter of the event with their links and figures. */
export async function listPromoters(
  deps: AppDeps,
  userId: string,
  eventId: string,
): Promise<PromotersResponse> {
  await manageableEvent(deps.db, eventId, userId, SALES_ROLES);
  return promotersView(deps, eventId);
}

export async function promotersView(deps: AppDeps, eventId: string): Promise<PromotersResponse> {
  const rows = await deps.db
    .select()
    .from(promoters)
    .where(eq(promoters.eventId, eventId))
    .orderBy(asc(promoters.createdAt));
  const totals = await promoterTotals(deps.db, rows);
  const ready = await promoterSubaccounts(
    deps.db,
    rows.map((p) => p.email),
    deps.payments.mode,
  );
  const names = new Map(
    (
      await deps.db
        .select({ id: ticketTypes.id, name: ticketTypes.ticketName })
        .from(ticketTypes)
        .where(eq(ticketTypes.eventId, eventId))
    ).map((t) => [t.id, t.name]),
  );
  return {
    promoters: rows.map((p) => ({
      id: p.id,
      name: p.name,
      email: p.email,
      code: p.code,
      ...promoterLinks(deps.config.appUrl, eventId, p.code),
      commission: ruleToWire(baseRule(p)),
      perType: Object.entries(p.perType).map(([ticketId, rule]) => ({
        ticketId,
        ticketName: names.get(ticketId) ?? 'Removed ticket',
        commission: ruleToWire(rule),
      })),
      payoutReady: ready.has(p.email.toLowerCase()),
      figures: figuresToWire(totals.get(p.id)!),
      createdAt: p.createdAt.toISOString(),
      removedAt: p.removedAt?.toISOString() ?? null,
    })),
  };
}

/** Adds a promoter and mails them their links; an email already promoting the event is a 409. */
export async function createPromoter(
  deps: AppDeps,
  userId: string,
  eventId: string,
  input: PromoterCreateRequest,
): Promise<PromotersResponse> {
  const event = await manageableEvent(deps.db, eventId, userId, MANAGING_ROLES);
  const perType = await perTypeRows(deps, eventId, input.perType);
  const email = input.email.toLowerCase();
  const [taken] = await deps.db
    .select({ id: promoters.id })
    .from(promoters)
    .where(
      and(
        eq(promoters.eventId, eventId),
        sql`lower(${promoters.email}) = ${email}`,
        isNull(promoters.removedAt),
      ),
    )
    .limit(1);
  if (taken) throw new HttpError(409, PROMOTER_MESSAGES.duplicate);
  const rule = ruleToRow(input.commission);
  const [row] = await deps.db
    .insert(promoters)
    .values({
      eventId,
      name: input.name,
      email,
      code: newCode(),
      commissionKind: rule.kind,
      commissionValue: rule.value,
      perType,
      createdBy: userId,
    })
    .onConflictDoNothing()
    .returning();
  // Two organisers adding the same email at once: the unique index lets one through.
  if (!row) throw new HttpError(409, PROMOTER_MESSAGES.duplicate);
  const [organiser] = await deps.db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, event.organiserId));
  await deps.mail.send(
    promoterInvitationMail({
      to: email,
      promoterName: row.name,
      organiserName: organiser ? `${organiser.firstName} ${organiser.lastName}` : 'The organiser',
      eventName: event.eventName,
      terms: termsText(input.commission),
      ...promoterLinks(deps.config.appUrl, eventId, row.code),
      pageLink: `${deps.config.appUrl}/promoter`,
    }),
  );
  return promotersView(deps, eventId);
}

/** promoters.csv: what each promoter earned, what the split paid and what is still owed by hand. */
export async function promotersCsv(deps: AppDeps, userId: string, eventId: string): Promise<string> {
  const { promoters: list } = await listPromoters(deps, userId, eventId);
  const rows = list.map((p) => [
    neutraliseFormula(p.name),
    neutraliseFormula(p.email),
    p.code,
    p.figures.clicks,
    p.figures.orders,
    p.figures.tickets,
    p.figures.salesNaira.toFixed(2),
    p.figures.commissionNaira.toFixed(2),
    p.figures.settledNaira.toFixed(2),
    p.figures.owedNaira.toFixed(2),
    p.figures.reversedNaira.toFixed(2),
  ]);
  return stringify(rows, {
    header: true,
    columns: [...PROMOTERS_CSV_COLUMNS],
    bom: true,
    record_delimiter: 'windows',
  });
}

/**
 * The promoter's own page: every event promoting under the account's verified email, with counts
 * and money only. An unverified email sees nothing (anyone could sign up with someone's address).
 */
export async function myPromotions(deps: AppDeps, userId: string): Promise<MyPromotionsResponse> {
  const [me] = await deps.db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), isNotNull(users.emailVerifiedAt)));
  if (!me) return { promotions: [] };
  const email = me.email.toLowerCase();
  const rows = await deps.db
    .select({ promoter: promoters, eventName: events.eventName, startDate: events.startDate })
    .from(promoters)
    .innerJoin(events, eq(events.id, promoters.eventId))
    .where(sql`lower(${promoters.email}) = ${email}`)
    .orderBy(asc(events.startDate));
  const totals = await promoterTotals(
    deps.db,
    rows.map((r) => r.promoter),
  );
  const ready = (await promoterSubaccounts(deps.db, [email], deps.payments.mode)).has(email);
  return {
    promotions: rows.map(({ promoter: p, eventName, startDate }) => ({
      eventId: p.eventId,
      eventName,
      startDate,
      ...promoterLinks(deps.config.appUrl, p.eventId, p.code),
      commission: ruleToWire(baseRule(p)),
      payoutReady: ready,
      figures: figuresToWire(totals.get(p.id)!),
      removed: p.removedAt !== null,
    })),
  };
}

/** An arrival by a promoter's link: counted, and the event it is for told to the browser. */
export async function countClick(deps: AppDeps, code: string): Promise<{ eventId: string }> {
  const [row] = await deps.db
    .update(promoters)
    .set({ clicks: sql`${promoters.clicks} + 1` })
    // A removed promoter's link counts nothing more (decision 070).
    .where(and(eq(promoters.code, code), isNull(promoters.removedAt)))
    .returning({ eventId: promoters.eventId });
  if (!row) throw new HttpError(404, PROMOTER_MESSAGES.linkNotFound);
  return row;
}

/**
 * /r/<code>: the event the short link is for (null when there is no such link), and whether it still
 * attributes: a removed promoter's link still leads to the event, without the referral.
 */
export async function linkTarget(
  deps: AppDeps,
  code: string,
): Promise<{ eventId: string; live: boolean } | null> {
  const [row] = await deps.db
    .select({ eventId: promoters.eventId, removedAt: promoters.removedAt })
    .from(promoters)
    .where(eq(promoters.code, code))
    .limit(1);
  return row ? { eventId: row.eventId, live: row.removedAt === null } : null;
}
