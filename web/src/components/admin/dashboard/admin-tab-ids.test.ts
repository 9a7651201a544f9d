import { describe, expect, it } from 'vitest';
import { ADMIN_TABS, parseAdminTab } from './admin-tab-ids';

describe('admin tabs', () => {
  it('are named and ordered as SPEC §2 lists them', () => {
    expect(ADMIN_TABS.map((t) => t.label)).toEqual([
      'Overview',
      'Bookings',
      'Availability',
      'iCal Sync',
      'Reports',
      'Reviews',
      'Images',
      'Calendar',
    ]);
  });

  it('reads ?tab=, falling back to the Overview', () => {
    expect(parseAdminTab('bookings')).toBe('bookings');
    expect(parseAdminTab('ical-sync')).toBe('ical-sync');
    expect(parseAdminTab(null)).toBe('overview');
    expect(parseAdminTab('../etc')).toBe('overview');
  });
});
