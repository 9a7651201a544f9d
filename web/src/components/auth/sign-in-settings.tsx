import type { ApiArea } from '@/lib/api-client';
import { ChangePasswordForm } from './change-password-form';
import { TwoFactorSettings } from './two-factor-settings';
import { useTwoFactor } from './use-two-factor';

export interface SignInSettingsProps {
  /** The admin dashboard's or the console's. */
  area: ApiArea;
  /** Prefix of the section ids ("admin", "console"). */
  idPrefix: string;
  /** e.g. "the admin dashboard" */
  areaName: string;
  /** e.g. "admin password" */
  passwordName: string;
  /** 2 in the console (page sections), 3 inside a dashboard tab. */
  headingLevel?: 2 | 3;
}

/** One area's sign-in settings ([auth.two-factor], [auth.password-change]): two-factor sign-in and the password. */
export function SignInSettings({ area, idPrefix, areaName, passwordName, headingLevel = 2 }: SignInSettingsProps) {
  const { status } = useTwoFactor(area);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <TwoFactorSettings area={area} areaName={areaName} headingId={`${idPrefix}-two-factor-heading`} headingLevel={headingLevel} />
      <ChangePasswordForm
        area={area}
        twoFactorEnabled={status.data?.enabled === true}
        headingId={`${idPrefix}-password-heading`}
        headingLevel={headingLevel}
        what={passwordName}
      />
    </div>
  );
}
