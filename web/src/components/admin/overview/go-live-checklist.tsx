import ListChecks from 'lucide-react/icons/list-checks';
import { useQuery } from '@tanstack/react-query';
import { goLiveResponseSchema, type GoLiveResponse } from '@ridgeline/core';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { apiQuery } from '@/lib/api';
import { adminApi } from '@/lib/query-client';
import type { AdminTabId } from '../dashboard/admin-tab-ids';
import { requestComplianceSection } from '../settings/compliance-link';

export const GO_LIVE_QUERY_KEY = ['/api/go-live'] as const;

type Item = GoLiveResponse['items'][number];

/**
 * The Overview's go-live checklist ([setup.go-live]): what is still a demo or unset (built-in
 * photos, demo reviews, example contact, generic tax lines, payments, e-mail, owner e-mail,
 * agreement, county numbers, a recent backup), each saying what is left and linking to the tab
 * that fixes it, or saying what to set on the server. Read again each time the Overview opens,
 * so it shrinks as items are fixed; gone once everything is done. The desktop app shows the same
 * (it renders this dashboard).
 */
export function GoLiveChecklist({ onOpenTab }: { onOpenTab: (tab: AdminTabId) => void }) {
  const checklist = useQuery({ ...apiQuery(GO_LIVE_QUERY_KEY[0], goLiveResponseSchema, adminApi.area), refetchOnMount: 'always' });
  if (!checklist.data) return null;
  const left = checklist.data.items.filter((i) => !i.done);
  if (left.length === 0) return null;
  const done = checklist.data.items.length - left.length;
  return (
    <Card role="region" aria-labelledby="go-live-title" className="mb-6 border-amber-400">
      <CardHeader className="pb-3">
        <CardTitle id="go-live-title" className="flex items-center gap-2 text-base">
          <ListChecks aria-hidden="true" className="size-4 text-forest-700" />
          Go-live checklist
        </CardTitle>
        <CardDescription>
          {done} of {checklist.data.items.length} done. What is left before guests book for real:
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul aria-label="Left to do before going live" className="grid gap-3">
          {left.map((item) => (
            <li key={item.key} className="grid gap-1 text-sm sm:flex sm:flex-wrap sm:items-baseline sm:gap-x-3">
              <span className="font-medium text-navy-900">{item.message}</span>
              <Fix item={item} onOpenTab={onOpenTab} />
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function Fix({ item, onOpenTab }: { item: Item; onOpenTab: (tab: AdminTabId) => void }) {
  const fix = item.fix;
  if (!fix) return null;
  if ('howTo' in fix) return <span className="text-navy-700">{fix.howTo}</span>;
  const href = `/admin?tab=${fix.tab}${fix.section === 'compliance' ? '#compliance' : ''}`;
  return (
    <a
      href={href}
      className="font-medium text-forest-700 underline underline-offset-4"
      onClick={(event) => {
        event.preventDefault();
        if (fix.section === 'compliance') requestComplianceSection();
        onOpenTab(fix.tab);
      }}
    >
      {fix.action}
    </a>
  );
}
