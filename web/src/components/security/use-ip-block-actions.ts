/**
 * Blocking and unblocking an IP address from the console ([security.ip-block]: `POST /api/security/block-ip`
 * and `unblock-ip` with `{ip}`; toasts "IP address blocked successfully" / "IP address unblocked
 * successfully"). Server errors are shown as destructive toasts in the server's words. After
 * either, the blocked list, the status and the event log are read again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serverMessage } from '@/components/admin/api-error';
import { toast } from '@/hooks/use-toast';
import { blockIpResponseSchema, unblockIpResponseSchema } from '@ridgeline/core';
import { apiSend } from '@/lib/api';
import { securityApi } from '@/lib/query-client';
import { BLOCKED_IPS_QUERY_KEY, SECURITY_EVENTS_QUERY_KEY, SECURITY_STATUS_QUERY_KEY } from './security-queries';

export function useIpBlockActions() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all(
      [BLOCKED_IPS_QUERY_KEY, SECURITY_STATUS_QUERY_KEY, SECURITY_EVENTS_QUERY_KEY].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );

  const block = useMutation({
    // Keys start with /api/security/ so a 401 here ends the console session (see the hook).
    mutationKey: ['/api/security/block-ip'],
    mutationFn: ({ ip, reason }: { ip: string; reason: string }) =>
      apiSend('POST', '/api/security/block-ip', blockIpResponseSchema, { ip, reason }, securityApi.area),
    onSuccess: (result) =>
      toast({
        title: 'IP address blocked successfully',
        description: result.warning ?? `${result.block.ip} can no longer reach this site.`,
      }),
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Block Failed', description: serverMessage(error) ?? 'Failed to block the IP address' }),
    onSettled: refresh,
  });

  const unblock = useMutation({
    mutationKey: ['/api/security/unblock-ip'],
    mutationFn: async (ip: string) => {
      await apiSend('POST', '/api/security/unblock-ip', unblockIpResponseSchema, { ip }, securityApi.area);
      return ip;
    },
    onSuccess: (ip) => toast({ title: 'IP address unblocked successfully', description: `${ip} can reach this site again.` }),
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Unblock Failed', description: serverMessage(error) ?? 'Failed to unblock the IP address' }),
    onSettled: refresh,
  });

  return { block, unblock };
}
