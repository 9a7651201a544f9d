import { useEffect } from 'react';

/** Id of the Settings tab's Compliance section ([compliance.numbers]): `/admin?tab=settings#compliance`. */
export const COMPLIANCE_SECTION_ID = 'compliance';
/** The address of the Compliance settings, for links that open in a new tab. */
export const COMPLIANCE_SETTINGS_HREF = `/admin?tab=settings#${COMPLIANCE_SECTION_ID}`;

// Set by an Overview warning before it opens the Settings tab; read once by the section.
let requested = false;

/** Asks the Settings tab, when it next renders its form, to scroll to and focus the Compliance section. */
export function requestComplianceSection(): void {
  requested = true;
}

/**
 * For the Settings form: once rendered, scrolls to the Compliance section and focuses it when an
 * Overview warning asked for it (`requestComplianceSection`) or the address ends in `#compliance`.
 */
export function useShowRequestedCompliance(): void {
  useEffect(() => {
    if (!requested && window.location.hash !== `#${COMPLIANCE_SECTION_ID}`) return;
    requested = false;
    // After the dashboard's own effect, which hands focus to the tab just opened.
    const id = window.setTimeout(() => {
      const section = document.getElementById(COMPLIANCE_SECTION_ID);
      section?.focus({ preventScroll: true });
      section?.scrollIntoView({ block: 'start' });
    }, 0);
    return () => window.clearTimeout(id);
  }, []);
}
