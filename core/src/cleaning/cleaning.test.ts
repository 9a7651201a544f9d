import { describe, expect, it } from 'vitest';
import { cleaningSettingsSchema, cleaningWindow, cleaningWindowLabel } from './cleaning.js';
import { clockTimeText } from '../shared/dates.js';

describe('cleaning window', () => {
  it('runs four hours from the event time ([cleaning.window]: 1:00-5:00 PM)', () => {
    expect(cleaningWindow('13:00')).toEqual({ start: '13:00', end: '17:00' });
    expect(cleaningWindowLabel('13:00')).toBe('1:00–5:00 PM');
    expect(cleaningWindowLabel('10:30')).toBe('10:30 AM–2:30 PM');
    expect(clockTimeText('00:05')).toBe('12:05 AM');
    expect(clockTimeText('12:00')).toBe('12:00 PM');
  });

  it('accepts what the panel sends and names the bad field otherwise', () => {
    const ok = { cleaningCrewEmail: 'crew@example.com', autoCreateEvents: true, isActive: false, eventTime: '13:00' };
    expect(cleaningSettingsSchema.parse(ok)).toEqual(ok);
    for (const [body, field] of [
      [{ ...ok, cleaningCrewEmail: 'nope' }, 'cleaningCrewEmail'],
      [{ ...ok, eventTime: '7:00' }, 'eventTime'],
      [{ ...ok, eventTime: '22:00' }, 'eventTime'],
      [{ ...ok, isActive: 'yes' }, 'isActive'],
    ] as const) {
      const result = cleaningSettingsSchema.safeParse(body);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual([field]);
    }
  });
});
