import { AdminLoginCard } from '@/components/admin/admin-login-card';
import { AdminDashboard } from '@/components/admin/dashboard/admin-dashboard';
import { HouseSheet } from '@/components/admin/house-sheet/house-sheet';
import { usePathname } from '@/lib/navigation';
import { PasswordGatedPage } from '@/components/auth/password-gated-page';
import { TooltipProvider } from '@/components/ui/tooltip-provider';
import { useAdminSession } from '@/hooks/use-admin-session';

/**
 * /admin ([admin.login], [admin.tabs]): the login card while signed out, the
 * dashboard once the server confirms the session (see `useAdminSession`); at
 * `/admin/house-sheet` the printable house sheet instead ([compliance.house-sheet]).
 */
export default function AdminPage() {
  const session = useAdminSession();
  const houseSheet = /\/house-sheet\/?$/i.test(usePathname());
  return (
    <TooltipProvider>
      <PasswordGatedPage
        session={session}
        title={(status) => (status === 'signed-out' ? 'Admin Access · Ridgeline' : 'Admin Dashboard · Ridgeline')}
        checkingHeading="Admin Dashboard"
        backgroundClassName="from-secondary/70"
        skeletonClassName="h-64"
        gate={<AdminLoginCard onLogin={session.login} loggingIn={session.loggingIn} sessionEnded={session.sessionEnded} />}
      >
        {houseSheet ? <HouseSheet /> : <AdminDashboard onLogout={() => void session.logout()} loggingOut={session.loggingOut} />}
      </PasswordGatedPage>
    </TooltipProvider>
  );
}
