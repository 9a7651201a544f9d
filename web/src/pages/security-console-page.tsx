import { PasswordGatedPage } from '@/components/auth/password-gated-page';
import { SecurityConsole } from '@/components/security/security-console';
import { SecurityLoginCard } from '@/components/security/security-login-card';
import { useSecuritySession } from '@/hooks/use-security-session';

/**
 * /security-console ([security.console]): the console's own password gate while signed
 * out, the console once the server confirms the session (see `useSecuritySession`).
 */
export default function SecurityConsolePage() {
  const session = useSecuritySession();
  return (
    <PasswordGatedPage
      session={session}
      title={(status) => (status === 'signed-in' ? 'Security Console · Ridgeline' : 'Security Console Access · Ridgeline')}
      checkingHeading="Security Console"
      backgroundClassName="from-navy-900/10"
      skeletonClassName="h-72"
      gate={<SecurityLoginCard onLogin={session.login} loggingIn={session.loggingIn} sessionEnded={session.sessionEnded} />}
    >
      <SecurityConsole onLogout={() => void session.logout()} loggingOut={session.loggingOut} />
    </PasswordGatedPage>
  );
}
