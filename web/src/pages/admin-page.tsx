import { useEffect } from 'react';
import { AdminLoginCard } from '@/components/admin/admin-login-card';
import { AdminDashboard } from '@/components/admin/dashboard/admin-dashboard';
import { Skeleton } from '@/components/ui/skeleton';
import { useAdminSession } from '@/hooks/use-admin-session';

/**
 * /admin (SPEC §2 "Admin login", "Admin dashboard tabs"): the login card while signed out, the
 * dashboard once the server confirms the session (see `useAdminSession`).
 */
export default function AdminPage() {
  const session = useAdminSession();
  const title = session.status === 'signed-out' ? 'Admin Access · Ridgeline' : 'Admin Dashboard · Ridgeline';
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);

  if (session.status === 'signed-in') {
    return <AdminDashboard onLogout={() => void session.logout()} loggingOut={session.loggingOut} />;
  }

  return (
    <main
      id="main"
      tabIndex={-1}
      className="flex min-h-svh items-center justify-center bg-gradient-to-b from-secondary/70 to-background px-4 py-12 focus:outline-none"
    >
      {session.status === 'checking' ? (
        <div role="status" className="w-full max-w-md space-y-4">
          <h1 className="sr-only">Admin Dashboard</h1>
          <p className="text-center text-sm text-muted-foreground">Checking your session…</p>
          <Skeleton className="h-64 w-full rounded-2xl" />
        </div>
      ) : (
        <AdminLoginCard onLogin={session.login} loggingIn={session.loggingIn} sessionEnded={session.sessionEnded} />
      )}
    </main>
  );
}
