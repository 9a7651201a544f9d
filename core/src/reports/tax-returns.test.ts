import { describe, expect, it } from 'vitest';
import { testBooking } from '../booking/testing/test-bookings.js';
import { formatCents, quoteStayWith } from '../pricing/pricing.js';
import { DEFAULT_SETTINGS, FANNIN_COUNTY_TAXES } from '../settings/index.js';
import { dueTaxReminder, monthName, previousMonth, taxReminderText, unfiledAuthorities } from './tax-returns.js';
import { taxReport } from './tax-report.js';

describe('monthly tax returns ([reports.tax-returns])', () => {
  it('reminds from the 10th and again from the 17th up to the 20th, of the previous month', () => {
    expect(dueTaxReminder('2026-12-09')).toBeUndefined();
    expect(dueTaxReminder('2026-12-10')).toEqual({ month: '2026-11', reminderDay: 10 });
    expect(dueTaxReminder('2026-12-16')).toEqual({ month: '2026-11', reminderDay: 10 });
    expect(dueTaxReminder('2026-12-17')).toEqual({ month: '2026-11', reminderDay: 17 });
    expect(dueTaxReminder('2026-12-20')).toEqual({ month: '2026-11', reminderDay: 17 });
    expect(dueTaxReminder('2026-12-21')).toBeUndefined();
    expect(dueTaxReminder('2027-01-10')).toEqual({ month: '2026-12', reminderDay: 10 });
    expect([previousMonth('2027-01-31'), previousMonth('2026-10-01'), monthName('2026-11')]).toEqual([
      '2026-12',
      '2026-09',
      'November 2026',
    ]);
  });

  it('a month with no stay is a zero return with each authority of the tax lines, its due date and the late penalty', () => {
    const report = taxReport([], [], 2026, { taxLines: [...FANNIN_COUNTY_TAXES] });
    expect(unfiledAuthorities(report, '2026-11')).toEqual(['Georgia Department of Revenue', 'Fannin County']);
    const { subject, text } = taxReminderText(report, '2026-11', unfiledAuthorities(report, '2026-11'));
    expect(subject).toBe('Lodging tax returns for November 2026 are due December 20, 2026');
    expect(text).toContain('Your lodging tax returns for November 2026 are due by December 20, 2026.');
    expect(text).toContain('Not yet marked filed: Georgia Department of Revenue, Fannin County.');
    expect(text).toContain('November 2026, direct bookings by check-in: 0 stays, 0 nights, taxable subtotal $0.00.');
    expect(text).toContain('Total tax: $0.00');
    expect(text).toContain('Nothing to report still needs a zero return with each authority.');
    expect(text).toContain('A late return costs a penalty of 15% from the first day late.');
  });

  it('lists each booked line with its authority and amount, and only the authorities not marked filed', () => {
    const quote = quoteStayWith(
      { ...DEFAULT_SETTINGS, taxes: [...FANNIN_COUNTY_TAXES] },
      { checkin: '2026-11-06', checkout: '2026-11-08', guests: 2 },
    )!;
    const stay = testBooking({ id: 7, checkin: '2026-11-06', checkout: '2026-11-08', createdAt: '2026-10-01T00:00:00.000Z', quote });
    const fannin = taxReport([stay], [], 2026, {
      filings: [{ month: '2026-11', authority: 'Fannin County', filedOn: '2026-12-05' }],
    });
    const text = taxReminderText(fannin, '2026-11', unfiledAuthorities(fannin, '2026-11')).text;
    expect(text).toContain('Not yet marked filed: Georgia Department of Revenue.');
    expect(text).toContain('November 2026, direct bookings by check-in: 1 stay, 2 nights');
    expect(text).toContain(
      `- Fannin County hotel-motel tax 6% (Fannin County): ${formatCents(quote.taxes![2]!.cents)}`,
    );
    expect(text).toContain('- Georgia hotel-motel fee $5.00/night (Georgia Department of Revenue): $10.00');
    expect(text).not.toContain('zero return');

    const report = taxReport([], [], 2026, {
      taxLines: DEFAULT_SETTINGS.taxes,
      filings: [{ month: '2026-11', authority: 'State tax', filedOn: '2026-12-05' }],
    });
    expect(unfiledAuthorities(report, '2026-11')).toEqual(['County tax']);
    expect(unfiledAuthorities({ ...report, authorities: ['State tax'] }, '2026-11')).toEqual([]);
  });
});
