import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { complianceGaps } from '@ridgeline/core';
import { COMPLIANCE_SETTINGS_HREF, requestComplianceSection } from '../settings/compliance-link';
import { useOwnerSettings } from '../settings/settings-queries';

/**
 * [compliance.numbers]: a warning on the Overview for each county number not filled in
 * ("Fannin County requires a certificate number before advertising"), each linking to the
 * Compliance settings. Nothing while the settings load or once both numbers are in.
 */
export function ComplianceWarnings({ onOpenSettings }: { onOpenSettings: () => void }) {
  const settings = useOwnerSettings();
  if (!settings.data) return null;
  const gaps = complianceGaps(settings.data);
  if (gaps.length === 0) return null;
  return (
    <ul aria-label="Compliance warnings" className="mb-4 grid gap-2">
      {gaps.map((gap) => (
        <li key={gap.field} className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950">
          <TriangleAlert aria-hidden="true" className="size-4 shrink-0 text-amber-700" />
          <span className="font-medium">{gap.message}</span>
          <a
            href={COMPLIANCE_SETTINGS_HREF}
            className="font-medium text-forest-700 underline underline-offset-4"
            onClick={(event) => {
              event.preventDefault();
              requestComplianceSection();
              onOpenSettings();
            }}
          >
            Fill in the Compliance settings
          </a>
        </li>
      ))}
    </ul>
  );
}
