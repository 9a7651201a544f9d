import CircleCheck from 'lucide-react/icons/circle-check';
import CircleX from 'lucide-react/icons/circle-x';
import PlugZap from 'lucide-react/icons/plug-zap';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { isRateLimited } from './ical-status';
import { RateLimitHint } from './rate-limit-hint';
import type { TestOutcome } from './source-actions';

const short = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** "Dec 10, 2026" for a `YYYY-MM-DD` date (read as UTC so no zone moves it); else as given. */
function shortDate(date: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  return m ? short.format(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : date;
}

/**
 * Connection test results ([ical.panel]): after a Test, whether the feed
 * answered, how many events it holds and a few of them, or why it failed.
 */
export function TestResultPanel({ outcome }: { outcome: TestOutcome | null }) {
  const result = outcome?.result;
  return (
    <Card role="region" aria-labelledby="ical-test-results-title">
      <CardHeader className="pb-3">
        <CardTitle id="ical-test-results-title" className="flex items-center gap-2 text-base">
          <PlugZap aria-hidden="true" className="size-5 text-forest-700" />
          Connection test results
        </CardTitle>
        {outcome ? (
          <CardDescription className="break-words">
            Test of “{outcome.sourceName}”. Nothing was imported.
          </CardDescription>
        ) : (
          <CardDescription>Press Test on a source to check its link without importing anything.</CardDescription>
        )}
      </CardHeader>
      {result && (
        <CardContent className="grid gap-4 text-sm">
          <dl className="grid grid-cols-2 gap-3">
            <div>
              <dt className="text-xs text-muted-foreground">Connected</dt>
              <dd className="flex items-center gap-1.5 font-medium">
                {result.connected ? (
                  <CircleCheck aria-hidden="true" className="size-4 text-green-700" />
                ) : (
                  <CircleX aria-hidden="true" className="size-4 text-destructive" />
                )}
                {result.connected ? 'Yes' : 'No'}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Events found</dt>
              <dd className="font-medium tabular-nums">{result.eventsFound}</dd>
            </div>
          </dl>
          {result.connected ? (
            result.sampleEvents.length > 0 ? (
              <div className="overflow-x-auto">
                <table className="w-full text-left text-sm">
                  <caption className="mb-2 text-left text-xs font-medium text-muted-foreground">
                    Sample events ({result.sampleEvents.length} of {result.eventsFound})
                  </caption>
                  <thead>
                    <tr className="border-b text-xs text-muted-foreground">
                      <th scope="col" className="py-1.5 pr-3 font-medium">
                        Summary
                      </th>
                      <th scope="col" className="py-1.5 pr-3 font-medium">
                        Start
                      </th>
                      <th scope="col" className="py-1.5 font-medium">
                        End
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {result.sampleEvents.map((event, i) => (
                      <tr key={`${event.start}-${i}`} className="border-b last:border-0">
                        <td className="max-w-[12rem] break-words py-1.5 pr-3">{event.summary || '(no title)'}</td>
                        <td className="whitespace-nowrap py-1.5 pr-3">
                          <time dateTime={event.start}>{shortDate(event.start)}</time>
                        </td>
                        <td className="whitespace-nowrap py-1.5">
                          <time dateTime={event.end}>{shortDate(event.end)}</time>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : (
              <p className="text-muted-foreground">The feed answered but holds no current or upcoming events.</p>
            )
          ) : (
            <>
              <p className="break-words rounded-lg border border-destructive/30 bg-red-50 p-3 text-red-900">
                <span className="font-medium">Error:</span> {result.error ?? result.message ?? 'Connection failed'}
              </p>
              {isRateLimited(`${result.error ?? ''} ${result.message ?? ''}`) && <RateLimitHint />}
            </>
          )}
        </CardContent>
      )}
    </Card>
  );
}
