/**
 * Contracts of the owner's server-computed reports ([reports.tax], [insights.*]), admin only. Browser-safe.
 */
import { z } from 'zod';
import { isIsoDate } from '../shared/dates.js';
import { plainText } from '../shared/text.js';
import { TAX_COLLECTING_PLATFORMS, type TaxReport } from '../reports/tax-report.js';
import { RESERVATION_CHANNELS, type ReportsSummary } from '../reports/metrics.js';

/** Years the tax report answers: far enough back for any stored booking, ahead for the booking window. */
export const TAX_REPORT_MIN_YEAR = 2000;
export const TAX_REPORT_MAX_YEAR = 2100;

/** Query of `GET /api/reports/tax`: `year` (YYYY) defaults to this year in the property's zone. */
export const taxReportQuerySchema = z.object({
  year: z
    .string({ message: 'must be a year written YYYY' })
    .regex(/^\d{4}$/, 'must be a year written YYYY')
    .transform(Number)
    .refine(
      (y) => y >= TAX_REPORT_MIN_YEAR && y <= TAX_REPORT_MAX_YEAR,
      `must be between ${TAX_REPORT_MIN_YEAR} and ${TAX_REPORT_MAX_YEAR}`,
    )
    .optional(),
});

const centsByColumn = z.record(z.string(), z.number());

const taxMonthSchema = z.object({
  month: z.string(),
  bookings: z.number(),
  nights: z.number(),
  taxableSubtotalCents: z.number(),
  taxCents: centsByColumn,
  totalTaxCents: z.number(),
  dueDate: z.string(),
  filed: z.array(z.object({ authority: z.string(), filedOn: z.string() })),
});

/** `GET /api/reports/tax?year=YYYY`: the year's lodging tax report (amounts in cents). */
export const taxReportSchema = z.object({
  year: z.number(),
  columns: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      bps: z.number().optional(),
      centsPerNight: z.number().optional(),
      label: z.string(),
      authority: z.string(),
    }),
  ),
  authorities: z.array(z.string()),
  months: z.array(taxMonthSchema),
  totals: taxMonthSchema.omit({ month: true, dueDate: true, filed: true }),
  stays: z.array(
    z.object({
      bookingId: z.number(),
      guest: z.string(),
      checkin: z.string(),
      checkout: z.string(),
      nights: z.number(),
      taxableSubtotalCents: z.number(),
      taxCents: centsByColumn,
      totalTaxCents: z.number(),
      totalPaidCents: z.number(),
    }),
  ),
  platformStays: z.array(
    z.object({
      month: z.string(),
      platform: z.enum(TAX_COLLECTING_PLATFORMS),
      platformName: z.string(),
      stays: z.number(),
      nights: z.number(),
    }),
  ),
}) satisfies z.ZodType<TaxReport>;

/**
 * Body of `PUT /api/reports/tax/filed` ([reports.tax-returns]): `month`'s return with `authority`
 * was filed on `filedOn`. A month is YYYY-MM from 2000 to 2100; `filedOn` a real date.
 */
export const taxFiledRequestSchema = z
  .object({
    month: z
      .string({ message: 'must be a month written YYYY-MM' })
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month written YYYY-MM')
      .refine(
        (m) => Number(m.slice(0, 4)) >= TAX_REPORT_MIN_YEAR && Number(m.slice(0, 4)) <= TAX_REPORT_MAX_YEAR,
        `must be between ${TAX_REPORT_MIN_YEAR} and ${TAX_REPORT_MAX_YEAR}`,
      ),
    authority: plainText(
      z.string({ message: 'must be text' }).trim().min(1, 'is required').max(80, 'must be at most 80 characters'),
    ),
    filedOn: z
      .string({ message: 'must be a date written YYYY-MM-DD' })
      .refine(isIsoDate, 'must be a date written YYYY-MM-DD'),
  })
  .strict();
export type TaxFiledRequest = z.infer<typeof taxFiledRequestSchema>;

/** `PUT /api/reports/tax/filed` → the month's returns marked filed, by authority. */
export const taxFiledResponseSchema = z.object({
  month: z.string(),
  filed: z.array(z.object({ authority: z.string(), filedOn: z.string() })),
});
export type TaxFiledResponse = z.infer<typeof taxFiledResponseSchema>;

/** Query of `GET /api/reports/summary` and `GET /api/reports/statement`: `year` as the tax report's. */
export const reportsSummaryQuerySchema = taxReportQuerySchema;

const periodFields = {
  nightsAvailable: z.number(),
  nightsBooked: z.number(),
  nightsSold: z.number(),
  occupancyBps: z.number(),
  adrCents: z.number(),
  revparCents: z.number(),
  accommodationCents: z.number(),
  feesCents: z.number(),
  taxesCents: z.number(),
  revenueCents: z.number(),
  bookings: z.number(),
};
const monthMetricsSchema = z.object({ month: z.string(), ...periodFields });
const yearTotalsSchema = z.object({
  ...periodFields,
  averageStayNights: z.number(),
  averageLeadDays: z.number().nullable(),
});
const bucketSchema = z.object({ label: z.string(), min: z.number(), max: z.number().nullable(), count: z.number() });

/**
 * `GET /api/reports/summary?year=YYYY` ([insights.occupancy] … [insights.channels]): the year's
 * twelve months, totals, channel mix and distributions, and last year's months and totals for
 * comparison. Amounts in cents, rates in basis points.
 */
export const reportsSummarySchema = z.object({
  year: z.number(),
  months: z.array(monthMetricsSchema),
  totals: yearTotalsSchema,
  channels: z.array(z.object({ channel: z.enum(RESERVATION_CHANNELS), nights: z.number() })),
  leadTime: z.array(bucketSchema),
  lengthOfStay: z.array(bucketSchema),
  previousYear: z.object({ year: z.number(), months: z.array(monthMetricsSchema), totals: yearTotalsSchema }),
}) satisfies z.ZodType<ReportsSummary>;
