import LoaderCircle from 'lucide-react/icons/loader-circle';
import { useId, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { DEFAULT_SERVER_URL, type RidgelineApi } from '../shared/ridgeline-api';
import { OwnerFrame } from './owner-frame';

export interface SetupPageProps {
  bridge: Pick<RidgelineApi, 'setServerUrl'>;
  /** The remembered address; null on the first run. */
  currentUrl: string | null;
}

/**
 * First run, and File › Change Server…: the server's address, checked by the main process
 * (`GET /api/health`) before it is remembered. The page then reloads so the new address takes
 * effect everywhere (the renderer's CSP names it).
 */
export function SetupPage({ bridge, currentUrl }: SetupPageProps) {
  const [, navigate] = useLocation();
  const [address, setAddress] = useState(currentUrl ?? DEFAULT_SERVER_URL);
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (checking) return;
    setChecking(true);
    setError(null);
    try {
      const result = await bridge.setServerUrl(address);
      if (!result.ok) {
        setError(result.error);
        return;
      }
      window.location.hash = '#/admin';
      window.location.reload();
    } catch {
      setError('The address could not be saved.');
    } finally {
      setChecking(false);
    }
  };

  return (
    <OwnerFrame
      title={currentUrl ? 'Change server' : 'Connect to Ridgeline'}
      description={<p>Enter the address of your Ridgeline server, as you open it in a browser.</p>}
    >
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
        <div className="space-y-2">
          <Label htmlFor={`${id}-address`}>Server address</Label>
          <Input
            id={`${id}-address`}
            name="server-url"
            type="url"
            inputMode="url"
            autoFocus
            required
            spellCheck={false}
            value={address}
            onChange={(event) => setAddress(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : `${id}-hint`}
          />
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            For example https://ridgeline.example.com, or {DEFAULT_SERVER_URL} for a server on this computer.
          </p>
        </div>
        {error && (
          <p
            id={`${id}-error`}
            role="alert"
            className="rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive"
          >
            {error}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" className="grow" disabled={checking}>
            {checking && <LoaderCircle className="animate-spin" aria-hidden="true" />}
            {checking ? 'Checking the server…' : 'Connect'}
          </Button>
          {currentUrl && (
            <Button type="button" variant="outline" onClick={() => navigate('/admin')} disabled={checking}>
              Cancel
            </Button>
          )}
        </div>
      </form>
    </OwnerFrame>
  );
}
