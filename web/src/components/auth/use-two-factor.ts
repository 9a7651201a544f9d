/**
 * Two-factor sign-in settings of one owner area (issue 11 item 4), against
 * `{basePath}/two-factor…` (`/api/auth` for the admin, `/api/security` for the console), with the
 * area's credential. Query and mutation keys start with the base path, so each area's session
 * hook sees their 401s.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiArea } from '@/lib/api-client';
import { apiOf } from '@/lib/query-client';

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

export function useTwoFactor(area: ApiArea) {
  const queryClient = useQueryClient();
  const api = apiOf(area);
  const { basePath } = api;
  const statusKey = [`${basePath}/two-factor`] as const;
  const status = useQuery<TwoFactorStatus>({ queryKey: statusKey, meta: api.meta });
  const refresh = () => queryClient.invalidateQueries({ queryKey: statusKey });

  const setup = useMutation({
    mutationKey: [`${basePath}/two-factor/setup`],
    mutationFn: async () => (await (await api.request('POST', `${basePath}/two-factor/setup`)).json()) as TwoFactorSetup,
  });
  const enable = useMutation({
    mutationKey: [`${basePath}/two-factor/enable`],
    mutationFn: async (totp: string) =>
      (await (await api.request('POST', `${basePath}/two-factor/enable`, { totp: totp.replace(/\s/g, '') })).json()) as { recoveryCodes: string[] },
    onSuccess: refresh,
  });
  const disable = useMutation({
    mutationKey: [`${basePath}/two-factor/disable`],
    mutationFn: async (code: string) => {
      await api.request('POST', `${basePath}/two-factor/disable`, secondFactorOf(code));
    },
    onSuccess: refresh,
  });
  return { status, setup, enable, disable };
}
