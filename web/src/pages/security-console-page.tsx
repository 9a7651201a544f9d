import { useEffect } from 'react';
import { SecurityConsole } from '@/components/security/security-console';
import { SecurityLoginCard } from '@/components/security/security-login-card';
import { Skeleton } from '@/components/ui/skeleton';
import { useSecuritySession } from '@/hooks/use-security-session';

/**
 * /security-console (SPEC §2 "Security console"): the console's own password gate while signed
 * out, the console once the server confirms the session (see `useSecuritySession`).
 */
export default function SecurityConsolePage() {
  const session = useSecuritySession();
  const title = session.status === 'signed-in' ? 'Security Console · Ridgeline' : 'Security Console Access · Ridgeline';
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);

  if (session.status === 'signed-in') {
    return <SecurityConsole onLogout={() => void session.logout()} loggingOut={session.loggingOut} />;
  }

  return (
    <main
      id="main"
      tabIndex={-1}
      className="flex min-h-svh items-center justify-center bg-gradient-to-b from-navy-900/10 to-background px-4 py-12 focus:outline-none"
    >
      {session.status === 'checking' ? (
        <div role="status" className="w-full max-w-md space-y-4">
          <h1 className="sr-only">Security Console</h1>
          <p className="text-center text-sm text-muted-foreground">Checking your session…</p>
          <Skeleton className="h-72 w-full rounded-2xl" />
        </div>
      ) : (
        <SecurityLoginCard onLogin={session.login} loggingIn={session.loggingIn} sessionEnded={session.sessionEnded} />
      )}
    </main>
  );
}
