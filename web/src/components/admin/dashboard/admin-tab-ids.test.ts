import { describe, expect, it } from 'vitest';
import { parseAdminTab } from './admin-tab-ids';

// Their names and order are checked where they show: e2e/admin-login.spec.ts.
describe('admin tabs', () => {
  it('reads ?tab=, falling back to the Overview', () => {
    expect(parseAdminTab('bookings')).toBe('bookings');
    expect(parseAdminTab('ical-sync')).toBe('ical-sync');
    expect(parseAdminTab(null)).toBe('overview');
    expect(parseAdminTab('../etc')).toBe('overview');
  });
});
