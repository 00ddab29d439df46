import { describe, expect, it } from 'vitest';
import {
  CHECKIN_ROLES,
  type EventRole,
  GUESTLIST_ROLES,
  MANAGING_ROLES,
  OWNER_ROLES,
  SALES_ROLES,
} from '../../server/modules/access/eventAccess';
import { MANAGE_TABS, type ManageTab, mayEdit, tabAllowed } from '../../src/organiser/manage/tabs';

/** The management page's tabs show each role exactly what the server lets that role use behind them. */
describe('team roles: tabs agree with the server', () => {
  const roles: EventRole[] = ['organiser', 'co_organiser', 'finance', 'door'];
  const serverRule: Record<ManageTab, readonly EventRole[]> = {
    Details: MANAGING_ROLES,
    Tickets: MANAGING_ROLES,
    Appearance: MANAGING_ROLES,
    Guestlist: GUESTLIST_ROLES,
    Sales: SALES_ROLES,
    Checkin: CHECKIN_ROLES,
    Team: OWNER_ROLES,
    Promoters: SALES_ROLES,
    Messages: MANAGING_ROLES,
  };
  it.each(MANAGE_TABS.map((t) => [t]))('%s', (tab) => {
    for (const role of roles) expect(tabAllowed(tab, role), role).toBe(serverRule[tab].includes(role));
  });
  it('only managers get the header actions', () => {
    for (const role of roles) expect(mayEdit(role), role).toBe(MANAGING_ROLES.includes(role));
  });
});
