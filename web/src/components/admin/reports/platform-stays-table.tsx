import type { PlatformMonth } from '@ridgeline/core';
import { formatMonth } from '../format';
import { ScrollRegion } from '@/components/ui/scroll-region';

/**
 * [reports.tax]: reservations imported from Airbnb, VRBO and Booking.com per check-in month and
 * platform, without amounts: the platform collected and remits their taxes.
 */
export function PlatformStaysTable({ stays, year }: { stays: readonly PlatformMonth[]; year: number }) {
  return (
    <ScrollRegion label={`Stays imported from other platforms in ${year}`} className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">
          Stays imported from other platforms in {year}, taxes collected by the platform
        </caption>
        <thead>
          <tr className="border-b text-xs text-muted-foreground">
            <th scope="col" className="px-3 py-2 text-left font-medium">
              Month
            </th>
            <th scope="col" className="px-3 py-2 text-left font-medium">
              Platform
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Stays
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Nights
            </th>
            <th scope="col" className="px-3 py-2 text-left font-medium">
              Taxes
            </th>
          </tr>
        </thead>
        <tbody>
          {stays.map((s) => (
            <tr key={`${s.month}-${s.platform}`} className="border-b last:border-0">
              <th scope="row" className="whitespace-nowrap px-3 py-2 text-left font-medium text-navy-900">
                {formatMonth(s.month)}
              </th>
              <td className="px-3 py-2">{s.platformName}</td>
              <td className="px-3 py-2 text-right tabular-nums">{s.stays}</td>
              <td className="px-3 py-2 text-right tabular-nums">{s.nights}</td>
              <td className="px-3 py-2 text-muted-foreground">Collected by the platform</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
