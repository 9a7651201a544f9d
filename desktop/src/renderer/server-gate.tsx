import LoaderCircle from 'lucide-react/icons/loader-circle';
import { useEffect, useState, type ReactNode } from 'react';
import { Redirect, useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { checkServerHealth } from '../shared/server-url';
import { OwnerFrame } from './owner-frame';

type Health = { state: 'checking' } | { state: 'ok' } | { state: 'unreachable'; error: string };

/**
 * The owner pages appear once the server answers its health check; before the first setup the
 * app asks for the address; when the server cannot be reached, a clear screen with Retry and
 * Change server.
 */
export function ServerGate({ serverUrl, children }: { serverUrl: string | null; children: ReactNode }) {
  const [, navigate] = useLocation();
  const [health, setHealth] = useState<Health>({ state: 'checking' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!serverUrl) return;
    let cancelled = false;
    void checkServerHealth(serverUrl).then((result) => {
      if (!cancelled) setHealth(result.ok ? { state: 'ok' } : { state: 'unreachable', error: result.error });
    });
    return () => {
      cancelled = true;
    };
  }, [serverUrl, attempt]);

  if (!serverUrl) return <Redirect to="/setup" replace />;
  if (health.state === 'ok') return children;
  if (health.state === 'checking') {
    return (
      <OwnerFrame title="Connecting…" description={<p>Reaching {serverUrl}</p>}>
        <div role="status" className="flex justify-center text-muted-foreground">
          <LoaderCircle className="size-6 animate-spin" aria-hidden="true" />
          <span className="sr-only">Checking the server</span>
        </div>
      </OwnerFrame>
    );
  }
  return (
    <OwnerFrame
      title="Server unreachable"
      description={
        <p>
          Ridgeline Owner cannot reach the server at <span className="font-medium text-foreground">{serverUrl}</span>.
        </p>
      }
    >
      <p role="alert" className="mb-4 rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive">
        {health.error} Check that the server is running and this computer is online.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          className="grow"
          onClick={() => {
            setHealth({ state: 'checking' });
            setAttempt((n) => n + 1);
          }}
        >
          Retry
        </Button>
        <Button variant="outline" className="grow" onClick={() => navigate('/setup')}>
          Change server
        </Button>
      </div>
    </OwnerFrame>
  );
}
