/**
 * The printable yearly owner statement ([insights.statement]): the year's hosting metrics by
 * month, the lodging taxes collected (the tax report's, [reports.tax]) and the payouts. A
 * self-contained HTML page with its own print styles. Browser-safe and pure; amounts in cents.
 */
import type { Booking } from '../booking/bookings.js';
import { formatCents } from '../pricing/pricing.js';
import { MONTH_NAMES } from '../shared/dates.js';
import { PROPERTY } from '../shared/property.js';
import { formatBps, type YearMetrics } from './metrics.js';
import type { TaxReport } from './tax-report.js';

/**
 * Payouts per check-in month of `year` ([insights.statement], [money.payout]): what the owner keeps
 * of direct and manual bookings by the ledger, its `payoutCents` (payments, damage-deposit claims
 * included, less refunds, less what disputes hold back), cancelled bookings included (the owner
 * keeps what was not refunded). Before Stripe's processing fees.
 * @param payoutOf the booking's ledger payout in cents (the server passes `ledgerSummary`'s); left
 *   out, the booking's own ledger sums `amountPaidCents − refundedCents` (pure code and its tests)
 * @returns twelve amounts, January first
 */
export function monthlyPayouts(
  bookings: readonly Booking[],
  year: number,
  payoutOf: (b: Booking) => number = (b) => b.amountPaidCents - b.refundedCents,
): number[] {
  const payouts = Array.from({ length: 12 }, () => 0);
  for (const b of bookings) {
    if (b.kind === 'owner' || Number(b.checkin.slice(0, 4)) !== year) continue;
    const i = Number(b.checkin.slice(5, 7)) - 1;
    payouts[i] = (payouts[i] ?? 0) + payoutOf(b);
  }
  return payouts;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

const STYLE = `
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: #0f1f2e; margin: 2rem auto; max-width: 64rem; padding: 0 1rem; }
h1 { font-size: 1.6rem; margin: 0 0 .25rem; } h2 { font-size: 1.15rem; margin: 2rem 0 .5rem; }
p { margin: .25rem 0; } .muted { color: #4b5563; }
table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
th, td { border-bottom: 1px solid #d1d5db; padding: .35rem .5rem; text-align: right; white-space: nowrap; }
th:first-child, td:first-child { text-align: left; }
thead th { font-size: .8rem; color: #4b5563; font-weight: 600; }
tfoot th, tfoot td { font-weight: 700; border-top: 2px solid #0f1f2e; }
.summary { display: grid; grid-template-columns: repeat(4, 1fr); gap: .75rem; margin-top: 1rem; }
.summary div { border: 1px solid #d1d5db; border-radius: .5rem; padding: .6rem .75rem; }
.summary strong { display: block; font-size: 1.2rem; }
@media print { body { margin: 0; max-width: none; font-size: 11px; } .screen-only { display: none; } }
`;

export interface StatementInput {
  year: number;
  metrics: YearMetrics;
  tax: TaxReport;
  payouts: readonly number[];
  /** YYYY-MM-DD, the day it is made */
  today: string;
}

/** The statement as one HTML document ([insights.statement]). Every text from data is escaped. */
export function ownerStatementHtml({ year, metrics, tax, payouts, today }: StatementInput): string {
  const t = metrics.totals;
  const payoutTotal = payouts.reduce((s, p) => s + p, 0);
  const row = (cells: string[], head = false) =>
    `<tr>${cells.map((c, i) => (i === 0 || head ? `<th${i === 0 && !head ? ' scope="row"' : head ? ' scope="col"' : ''}>${c}</th>` : `<td>${c}</td>`)).join('')}</tr>`;
  const monthRows = metrics.months.map((m, i) =>
    row([
      MONTH_NAMES[i] as string,
      String(m.nightsAvailable),
      String(m.nightsBooked),
      formatBps(m.occupancyBps),
      formatCents(m.adrCents),
      formatCents(m.accommodationCents),
      formatCents(m.feesCents),
      formatCents(m.taxesCents),
      formatCents(m.revenueCents),
      formatCents(payouts[i] ?? 0),
    ]),
  );
  const taxRows = tax.columns.map((c) => row([escapeHtml(c.label), formatCents(tax.totals.taxCents[c.key] ?? 0)]));
  const platformNights = tax.platformStays.reduce((s, p) => s + p.nights, 0);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Owner statement ${year} · ${escapeHtml(PROPERTY.name)}</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>Owner statement ${year}</h1>
<p>${escapeHtml(PROPERTY.name)} · made on ${today}</p>
<p class="muted screen-only">Print this page, or save it as a PDF, with your browser's Print command (Ctrl+P or ⌘P).</p>
</header>
<section class="summary" aria-label="The year at a glance">
<div>Revenue<strong>${formatCents(t.revenueCents)}</strong></div>
<div>Taxes collected<strong>${formatCents(tax.totals.totalTaxCents)}</strong></div>
<div>Payouts<strong>${formatCents(payoutTotal)}</strong></div>
<div>Occupancy<strong>${formatBps(t.occupancyBps)}</strong></div>
</section>
<h2>By month</h2>
<table>
<thead>${row(['Month', 'Nights available', 'Nights booked', 'Occupancy', 'ADR', 'Accommodation', 'Fees', 'Taxes', 'Revenue', 'Payouts'], true)}</thead>
<tbody>
${monthRows.join('\n')}
</tbody>
<tfoot>${row(['Total', String(t.nightsAvailable), String(t.nightsBooked), formatBps(t.occupancyBps), formatCents(t.adrCents), formatCents(t.accommodationCents), formatCents(t.feesCents), formatCents(t.taxesCents), formatCents(t.revenueCents), formatCents(payoutTotal)])}</tfoot>
</table>
<p class="muted">Revenue: direct and manual bookings by their quotes, net of refunds; accommodation counted by night, fees and taxes in the check-in month; cancelled stays left out. Occupancy: nights booked (Airbnb, VRBO and Booking.com stays included) of the nights not taken by owner stays or blocks. Payouts: what guests paid (damage claims included) minus refunds and what disputes hold back, by check-in month, before Stripe's fees.</p>
<h2>Lodging taxes collected</h2>
${
  taxRows.length > 0
    ? `<table>
<thead>${row(['Tax', 'Collected'], true)}</thead>
<tbody>
${taxRows.join('\n')}
</tbody>
<tfoot>${row(['Total', formatCents(tax.totals.totalTaxCents)])}</tfoot>
</table>`
    : `<p>No paid direct bookings check in during ${year}: no lodging tax collected.</p>`
}
<p class="muted">Taxes of paid direct stays checking in during ${year}, at the rates each stay was booked with.${platformNights > 0 ? ` Airbnb, VRBO and Booking.com collected the taxes of their ${platformNights} nights.` : ''}</p>
</body>
</html>
`;
}
