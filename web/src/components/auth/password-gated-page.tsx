import { useEffect, type ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import type { PasswordSession, PasswordSessionStatus } from '@/hooks/create-password-session';

export interface PasswordGatedPageProps {
  session: PasswordSession;
  /** `document.title` for each session status. */
  title: (status: PasswordSessionStatus) => string;
  /** The (visually hidden) page heading while the session is being checked. */
  checkingHeading: string;
  /** The password gate shown while signed out. */
  gate: ReactNode;
  /** What the area shows once the server confirms the session. */
  children: ReactNode;
  backgroundClassName: string;
  skeletonClassName: string;
}

/**
 * A page behind one area's password (the admin dashboard, the security console): the gate while
 * signed out, a "checking" state while the server confirms a stored flag, the area once signed in.
 */
export function PasswordGatedPage({ session, title, checkingHeading, gate, children, backgroundClassName, skeletonClassName }: PasswordGatedPageProps) {
  const pageTitle = title(session.status);
  useEffect(() => {
    const previous = document.title;
    document.title = pageTitle;
    return () => {
      document.title = previous;
    };
  }, [pageTitle]);

  if (session.status === 'signed-in') return <>{children}</>;

  return (
    <main
      id="main"
      tabIndex={-1}
      className={cn('flex min-h-svh items-center justify-center bg-gradient-to-b to-background px-4 py-12 focus:outline-none', backgroundClassName)}
    >
      {session.status === 'checking' ? (
        <div role="status" className="w-full max-w-md space-y-4">
          <h1 className="sr-only">{checkingHeading}</h1>
          <p className="text-center text-sm text-muted-foreground">Checking your session…</p>
          <Skeleton className={cn('w-full rounded-2xl', skeletonClassName)} />
        </div>
      ) : (
        gate
      )}
    </main>
  );
}
