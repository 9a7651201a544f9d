/**
 * Blocking and unblocking an IP address from the console ([security.ip-block]: `POST /api/security/block-ip`
 * and `unblock-ip` with `{ip}`; toasts "IP address blocked successfully" / "IP address unblocked
 * successfully"). Server errors are shown as destructive toasts in the server's words. After
 * either, the blocked list, the status and the event log are read again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serverMessage } from '@/components/admin/api-error';
import { toast } from '@/hooks/use-toast';
import { securityApi } from '@/lib/query-client';
import { BLOCKED_IPS_QUERY_KEY, SECURITY_EVENTS_QUERY_KEY, SECURITY_STATUS_QUERY_KEY, type BlockedIp } from './security-queries';

export interface BlockResult {
  success: boolean;
  message: string;
  block: BlockedIp;
  /** Set when the address blocked is the one this browser uses ([security.ip-block]: warn, don't refuse). */
  warning?: string;
}

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
    mutationFn: async ({ ip, reason }: { ip: string; reason: string }) =>
      (await (await securityApi.request('POST', '/api/security/block-ip', { ip, reason })).json()) as BlockResult,
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
      await securityApi.request('POST', '/api/security/unblock-ip', { ip });
      return ip;
    },
    onSuccess: (ip) => toast({ title: 'IP address unblocked successfully', description: `${ip} can reach this site again.` }),
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Unblock Failed', description: serverMessage(error) ?? 'Failed to unblock the IP address' }),
    onSettled: refresh,
  });

  return { block, unblock };
}
