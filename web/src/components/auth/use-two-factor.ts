/**
 * Two-factor sign-in settings of one owner area ([auth.two-factor]), against
 * `{basePath}/two-factor…` (`/api/auth` for the admin, `/api/security` for the console), with the
 * area's credential. Query and mutation keys start with the base path, so each area's session
 * hook sees their 401s.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  twoFactorDisabledResponseSchema,
  twoFactorEnabledResponseSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '@ridgeline/core';
import { apiQuery, apiSend } from '@/lib/api';
import type { ApiArea } from '@/lib/api-client';
import { apiOf } from '@/lib/query-client';

export type { TwoFactorSetup, TwoFactorStatus } from '@ridgeline/core';

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
  const statusQuery = apiQuery(`${basePath}/two-factor`, twoFactorStatusSchema, area);
  const statusKey = statusQuery.queryKey;
  const status = useQuery(statusQuery);
  const refresh = () => queryClient.invalidateQueries({ queryKey: statusKey });

  const setup = useMutation({
    mutationKey: [`${basePath}/two-factor/setup`],
    mutationFn: () => apiSend('POST', `${basePath}/two-factor/setup`, twoFactorSetupSchema, undefined, area),
  });
  const enable = useMutation({
    mutationKey: [`${basePath}/two-factor/enable`],
    mutationFn: (totp: string) => apiSend('POST', `${basePath}/two-factor/enable`, twoFactorEnabledResponseSchema, { totp: totp.replace(/\s/g, '') }, area),
    onSuccess: refresh,
  });
  const disable = useMutation({
    mutationKey: [`${basePath}/two-factor/disable`],
    mutationFn: async (code: string) => {
      await apiSend('POST', `${basePath}/two-factor/disable`, twoFactorDisabledResponseSchema, secondFactorOf(code), area);
    },
    onSuccess: refresh,
  });
  return { status, setup, enable, disable };
}
