/** The dashboard's tabs, in the order and with the names of [admin.tabs]. */
export const ADMIN_TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'bookings', label: 'Bookings' },
  { id: 'availability', label: 'Availability' },
  { id: 'ical-sync', label: 'iCal Sync' },
  { id: 'reports', label: 'Reports' },
  { id: 'reviews', label: 'Reviews' },
  { id: 'images', label: 'Images' },
  { id: 'calendar', label: 'Calendar' },
  { id: 'settings', label: 'Settings' },
] as const;

export type AdminTabId = (typeof ADMIN_TABS)[number]['id'];

export const DEFAULT_ADMIN_TAB: AdminTabId = 'overview';

/** The tab named by `?tab=`; the Overview for a missing or unknown value. */
export function parseAdminTab(value: string | null): AdminTabId {
  return ADMIN_TABS.find((tab) => tab.id === value)?.id ?? DEFAULT_ADMIN_TAB;
}
