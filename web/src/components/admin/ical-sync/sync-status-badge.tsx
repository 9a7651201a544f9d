import { Badge } from '@/components/ui/badge';
import type { SyncStatus } from './calendar-source';

/** A source's last sync as its own badge: Success, Error, Failed or Never synced. */
export function SyncStatusBadge({ status }: { status: SyncStatus | null }) {
  if (status === 'success') return <Badge className="border-transparent bg-green-100 text-green-900">Success</Badge>;
  if (status === 'error') return <Badge variant="destructive">Error</Badge>;
  if (status === 'failed') return <Badge variant="destructive">Failed</Badge>;
  return <Badge variant="secondary">Never synced</Badge>;
}
