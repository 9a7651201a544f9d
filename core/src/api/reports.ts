/**
 * Contracts of the owner's server-computed reports ([reports.tax]), admin only. Browser-safe.
 */
import { z } from 'zod';
import { TAX_COLLECTING_PLATFORMS, type TaxReport } from '../reports/tax-report.js';

/** Years the tax report answers: far enough back for any stored booking, ahead for the booking window. */
export const TAX_REPORT_MIN_YEAR = 2000;
export const TAX_REPORT_MAX_YEAR = 2100;

/** Query of `GET /api/reports/tax`: `year` (YYYY) defaults to this year in the property's zone. */
export const taxReportQuerySchema = z.object({
  year: z
    .string({ message: 'must be a year written YYYY' })
    .regex(/^\d{4}$/, 'must be a year written YYYY')
    .transform(Number)
    .refine((y) => y >= TAX_REPORT_MIN_YEAR && y <= TAX_REPORT_MAX_YEAR, `must be between ${TAX_REPORT_MIN_YEAR} and ${TAX_REPORT_MAX_YEAR}`)
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
});

/** `GET /api/reports/tax?year=YYYY`: the year's lodging tax report (amounts in cents). */
export const taxReportSchema = z.object({
  year: z.number(),
  columns: z.array(z.object({ key: z.string(), name: z.string(), bps: z.number().optional(), centsPerNight: z.number().optional(), label: z.string() })),
  months: z.array(taxMonthSchema),
  totals: taxMonthSchema.omit({ month: true, dueDate: true }),
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
    z.object({ month: z.string(), platform: z.enum(TAX_COLLECTING_PLATFORMS), platformName: z.string(), stays: z.number(), nights: z.number() }),
  ),
}) satisfies z.ZodType<TaxReport>;
