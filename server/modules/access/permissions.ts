/**
 * The permission table (decision 048): who may do what, in one place. Every route under /api names
 * its action in ROUTE_ACTIONS (keyed by method and URL as registered); the app refuses to start when
 * a route has no entry or an entry names no route (checkRouteActions, run by buildApp), and
 * test/api/permission-matrix*.test.ts walks every route × every role against this table. The role
 * sets the services check (access/eventAccess.ts) are read from here, not written twice.
 */

/** Everyone a request can come from. */
export const ROLES = [
  'owner',
  'co_organiser',
  'finance',
  'door',
  'buyer',
  'holder',
  'stranger',
  'door_link',
] as const;
export type Role = (typeof ROLES)[number];

/** What an action lets a role see of the guests: signed codes and share links, emails and phones. */
export type Sight = { codes: readonly Role[]; contact: readonly Role[] };

export type Action = {
  /** Who may do it (2xx); anyone else is refused (401 signed out, 403 or 404). 'anyone' needs no account. */
  roles: readonly Role[] | 'anyone';
  /** Who may see guests' secrets and contact data in its answer (nobody unless listed). */
  sees?: Partial<Sight>;
};

const TEAM_MANAGERS = ['owner', 'co_organiser'] as const;
const TEAM_MONEY = ['owner', 'co_organiser', 'finance'] as const;
const EVERY_ACCOUNT = ['owner', 'co_organiser', 'finance', 'door', 'buyer', 'holder', 'stranger'] as const;

export const ACTIONS = {
  /** Public pages and sign-in: no account needed. */
  public: { roles: 'anyone' },
  /** One's own account, orders, tickets, waiting-list entries and payout details (a buyer's and holder's own codes). */
  account: { roles: EVERY_ACCOUNT, sees: { codes: ['buyer', 'holder'], contact: ['buyer', 'holder'] } },
  /** The payment provider's signed webhook: no session of anyone's, its signature or nothing. */
  provider: { roles: [] },
  /** Edit the event, its tickets, discounts, access codes, questions, dates, pictures, mails; publish. */
  'event.manage': { roles: TEAM_MANAGERS },
  /** Read the management page (it carries the revenue). */
  'event.view': { roles: TEAM_MONEY },
  /** Sales (JSON, charts, CSV). */
  'event.sales': { roles: TEAM_MONEY, sees: { contact: TEAM_MONEY } },
  /** The guest list and its CSV: names, tickets, check-ins; contact data for all but the door. */
  'event.guestlist': { roles: [...TEAM_MONEY, 'door'], sees: { contact: TEAM_MONEY } },
  /** The checkout questions' list and answers' reading side. */
  'event.questions': { roles: [...TEAM_MONEY, 'door'] },
  /** Check-in links, arrivals, the door screen. */
  'event.checkin': { roles: [...TEAM_MANAGERS, 'door'] },
  /** Scanning, the door list and search: the team's door and a check-in link. */
  'event.scan': { roles: [...TEAM_MANAGERS, 'door', 'door_link'] },
  /**
   * Sell at the door (box office, decision 062): the door team, and a check-in link only where the
   * owner allowed that link to sell. The seller sees the share links of the tickets it just sold.
   */
  'event.sell': {
    roles: [...TEAM_MANAGERS, 'door', 'door_link'],
    sees: { codes: [...TEAM_MANAGERS, 'door', 'door_link'] },
  },
  /** The door's cash-up per device and staff member: the owner and finance. */
  'event.cashup': { roles: ['owner', 'finance'] },
  /** The team itself and anything only the owner does. */
  'event.team': { roles: ['owner'] },
  /** Create or change where money is paid out (issue 30 item 5): the owner alone. */
  'payout.change': { roles: ['owner'] },
  /** Read an order: its buyer and the money side of the team; codes and links only to buyer and holder. */
  'order.read': {
    roles: ['buyer', ...TEAM_MONEY],
    sees: { codes: ['buyer', 'holder'], contact: ['buyer', ...TEAM_MONEY] },
  },
  /** Act as the buyer: pay, discount, change seats, abandon, give back. */
  'order.buy': { roles: ['buyer'], sees: { codes: ['buyer'], contact: ['buyer'] } },
  /** Mail the tickets again: the buyer, or the money side of the team. */
  'order.resend': { roles: ['buyer', ...TEAM_MONEY] },
  /** Change a ticket's attendee for the buyer. */
  'order.attendee': { roles: TEAM_MANAGERS, sees: { contact: TEAM_MANAGERS } },
  /** Money back: cancel, refund. */
  'order.money': { roles: TEAM_MONEY, sees: { contact: TEAM_MONEY } },
  /** A ticket by its code: the buyer and its holder (and the managers, who must already hold the code). */
  'ticket.read': {
    roles: ['buyer', 'holder', ...TEAM_MANAGERS],
    sees: { codes: ['buyer', 'holder', ...TEAM_MANAGERS], contact: ['buyer', 'holder', ...TEAM_MANAGERS] },
  },
  /** Transfer a ticket or correct its name: the buyer and its holder. */
  'ticket.change': {
    roles: ['buyer', 'holder'],
    sees: { codes: ['buyer', 'holder'], contact: ['buyer', 'holder'] },
  },
} as const satisfies Record<string, Action>;
export type ActionName = keyof typeof ACTIONS;

/** The team roles (access/eventAccess.ts EventRole) an action lets through. */
export function teamRolesFor(action: ActionName): ('organiser' | 'co_organiser' | 'finance' | 'door')[] {
  const roles = ACTIONS[action].roles as readonly Role[] | 'anyone';
  if (roles === 'anyone') return ['organiser', 'co_organiser', 'finance', 'door'];
  return roles.flatMap((r) =>
    r === 'owner'
      ? ['organiser' as const]
      : r === 'co_organiser' || r === 'finance' || r === 'door'
        ? [r]
        : [],
  );
}

/** May `role` do `action`? */
export function allows(action: ActionName, role: Role): boolean {
  const roles = ACTIONS[action].roles as readonly Role[] | 'anyone';
  return roles === 'anyone' || roles.includes(role);
}

/** May this team role (access/eventAccess.ts EventRole) read guests' emails and phones in `action`'s answer? */
export function seesContact(action: ActionName, teamRole: 'organiser' | 'co_organiser' | 'finance' | 'door') {
  return sees(action, teamRole === 'organiser' ? 'owner' : teamRole, 'contact');
}

/** May `role` see guests' `what` in `action`'s answer? */
export function sees(action: ActionName, role: Role, what: keyof Sight): boolean {
  const sight = (ACTIONS[action] as Action).sees?.[what] ?? [];
  return sight.includes(role);
}
