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
] as const;
export type ManageTab = (typeof MANAGE_TABS)[number];

export const isManageTab = (tab: string): tab is ManageTab =>
  (MANAGE_TABS as readonly string[]).includes(tab);
