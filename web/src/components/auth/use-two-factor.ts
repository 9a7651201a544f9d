/**
 * Two-factor sign-in settings of one owner area (issue 11 item 4), against
 * `{basePath}/two-factor…` (`/api/auth` for the admin, `/api/security` for the console). Query
 * and mutation keys start with the base path, so each area's session hook sees their 401s.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/query-client';

/** `GET {base}/two-factor` */
export interface TwoFactorStatus {
  enabled: boolean;
  recoveryCodesLeft: number;
}

/** `POST {base}/two-factor/setup`: the pending secret (base32), its otpauth:// URI and a QR PNG data: URL. */
export interface TwoFactorSetup {
  secret: string;
  otpauthUrl: string;
  qrDataUrl: string;
}

/** A code as typed: six digits (spaces ignored) is an app code, anything else a recovery code. */
export function secondFactorOf(input: string): { totp: string } | { recoveryCode: string } {
  const digits = input.replace(/\s/g, '');
  return /^\d{6}$/.test(digits) ? { totp: digits } : { recoveryCode: input.trim() };
}

/** The base32 secret in groups of four, easier to read and type; apps ignore the spaces. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

export function useTwoFactor(basePath: string) {
  const queryClient = useQueryClient();
  const statusKey = [`${basePath}/two-factor`] as const;
  const status = useQuery<TwoFactorStatus>({ queryKey: statusKey });
  const refresh = () => queryClient.invalidateQueries({ queryKey: statusKey });

  const setup = useMutation({
    mutationKey: [`${basePath}/two-factor/setup`],
    mutationFn: async () => (await (await apiRequest('POST', `${basePath}/two-factor/setup`)).json()) as TwoFactorSetup,
  });
  const enable = useMutation({
    mutationKey: [`${basePath}/two-factor/enable`],
    mutationFn: async (totp: string) =>
      (await (await apiRequest('POST', `${basePath}/two-factor/enable`, { totp: totp.replace(/\s/g, '') })).json()) as { recoveryCodes: string[] },
    onSuccess: refresh,
  });
  const disable = useMutation({
    mutationKey: [`${basePath}/two-factor/disable`],
    mutationFn: async (code: string) => {
      await apiRequest('POST', `${basePath}/two-factor/disable`, secondFactorOf(code));
    },
    onSuccess: refresh,
  });
  return { status, setup, enable, disable };
}
