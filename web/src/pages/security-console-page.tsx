import { PlaceholderPage } from './placeholder-page';

/** /security-console (SPEC §2 "Security console"): filled in by the security issue. */
export default function SecurityConsolePage() {
  return <PlaceholderPage title="Security Console">The security console is on its way.</PlaceholderPage>;
}
