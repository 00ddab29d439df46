/**
 * The management tabs as the route spells them (the five management tabs, the door's Check-in and
 * the owner's Team); anything else falls back to Details.
 */
export const MANAGE_TABS = [
  'Details',
  'Tickets',
  'Appearance',
  'Guestlist',
  'Sales',
  'Checkin',
  'Team',
  'Promoters',
  'Messages',
] as const;
export type ManageTab = (typeof MANAGE_TABS)[number];

export const isManageTab = (tab: string): tab is ManageTab =>
  (MANAGE_TABS as readonly string[]).includes(tab);

/** Who sees which tab (decision 043; the server asks the same roles of each route behind it). */
export type ViewerRole = 'organiser' | 'co_organiser' | 'finance' | 'door';
const TAB_ROLES: Record<ManageTab, readonly ViewerRole[]> = {
  Details: ['organiser', 'co_organiser'],
  Tickets: ['organiser', 'co_organiser'],
  Appearance: ['organiser', 'co_organiser'],
  Guestlist: ['organiser', 'co_organiser', 'finance', 'door'],
  Sales: ['organiser', 'co_organiser', 'finance'],
  Checkin: ['organiser', 'co_organiser', 'door'],
  Team: ['organiser'],
  // Decision 064: the money side reads the figures; the form is the managers' (mayEdit).
  Promoters: ['organiser', 'co_organiser', 'finance'],
  // Writing to the guests is managing the event (permissions.ts 'event.manage', decision 063).
  Messages: ['organiser', 'co_organiser'],
};
export const tabAllowed = (tab: ManageTab, role: ViewerRole) => TAB_ROLES[tab].includes(role);
export const mayEdit = (role: ViewerRole) => role === 'organiser' || role === 'co_organiser';
