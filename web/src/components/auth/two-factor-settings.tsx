import Copy from 'lucide-react/icons/copy';
import Download from 'lucide-react/icons/download';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import ShieldCheck from 'lucide-react/icons/shield-check';
import ShieldOff from 'lucide-react/icons/shield-off';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { serverMessage } from '@/components/admin/api-error';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import type { ApiArea } from '@/lib/api-client';
import { groupSecret, useTwoFactor, type TwoFactorSetup } from './use-two-factor';

export interface TwoFactorSettingsProps {
  /** The admin dashboard's or the console's. */
  area: ApiArea;
  /** What the code protects, e.g. "the admin dashboard". */
  areaName: string;
  /** The id of the section's heading. */
  headingId: string;
  /** 2 in the console (a page section), 3 inside a dashboard tab. */
  headingLevel?: 2 | 3;
}

const errorText = (error: unknown) => serverMessage(error) ?? 'Could not reach the server. Try again.';

/**
 * Two-factor sign-in of one owner area ([auth.two-factor], [auth.recovery-codes]): set-up by scanning the QR code or
 * typing the key shown as text, confirmed with one code; the ten recovery codes shown once
 * (copy, download); turning it off with a current code or a recovery code.
 */
export function TwoFactorSettings({ area, areaName, headingId, headingLevel = 2 }: TwoFactorSettingsProps) {
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const { status, setup, enable, disable } = useTwoFactor(area);
  const [pending, setPending] = useState<TwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  const start = async () => {
    setPending(await setup.mutateAsync());
  };

  return (
    <section aria-labelledby={headingId} className="rounded-xl border bg-card p-5 shadow-sm">
      <Heading id={headingId} className="font-display text-xl font-semibold tracking-tight text-navy-900">
        Two-factor sign-in
      </Heading>
      <p className="mt-0.5 text-sm text-muted-foreground">
        A 6-digit code from an authenticator app on your phone, asked after the password to open {areaName}.
      </p>
      <div className="mt-4">
        {status.isPending ? (
          <div role="status">
            <span className="sr-only">Loading two-factor sign-in…</span>
            <Skeleton className="h-10 w-full" />
          </div>
        ) : status.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Could not load two-factor sign-in. {errorText(status.error)}
          </p>
        ) : recoveryCodes ? (
          <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
        ) : status.data.enabled ? (
          <TurnOff recoveryCodesLeft={status.data.recoveryCodesLeft} disable={disable} />
        ) : pending ? (
          <Enrol
            setup={pending}
            enable={enable}
            onEnabled={(codes) => {
              setPending(null);
              setRecoveryCodes(codes);
            }}
            onCancel={() => setPending(null)}
          />
        ) : (
          <div className="space-y-3">
            <p className="flex items-center gap-2 text-sm">
              <ShieldOff className="size-4 text-muted-foreground" aria-hidden="true" />
              Two-factor sign-in is off.
            </p>
            <Button onClick={() => void start().catch(() => undefined)} disabled={setup.isPending}>
              {setup.isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
              Set up two-factor sign-in
            </Button>
            {setup.isError && (
              <p role="alert" className="text-sm text-destructive">
                {errorText(setup.error)}
              </p>
            )}
          </div>
        )}
      </div>
    </section>
  );
}

type Mutation<T, R = unknown> = { mutateAsync: (value: T) => Promise<R>; isPending: boolean };

/** A one-field form for a code, with its own error line; clears and refocuses on refusal. */
function CodeForm({
  label,
  hint,
  action,
  variant,
  numeric,
  onSubmit,
  pending,
  children,
}: {
  label: string;
  hint: string;
  action: string;
  variant?: 'default' | 'destructive';
  numeric: boolean;
  onSubmit: (code: string) => Promise<unknown>;
  pending: boolean;
  children?: ReactNode;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setError(null);
    try {
      await onSubmit(code);
    } catch (err) {
      setError(errorText(err));
      setCode('');
      document.getElementById(`${id}-code`)?.focus();
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-2">
      <Label htmlFor={`${id}-code`}>{label}</Label>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {hint}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={`${id}-code`}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="one-time-code"
          inputMode={numeric ? 'numeric' : 'text'}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          required
          maxLength={64}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
          className="font-mono sm:max-w-56"
        />
        <Button type="submit" variant={variant} disabled={pending}>
          {pending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
          {action}
        </Button>
        {children}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </form>
  );
}

function Enrol({
  setup,
  enable,
  onEnabled,
  onCancel,
}: {
  setup: TwoFactorSetup;
  enable: Mutation<string, { recoveryCodes: string[] }>;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const keyId = useId();
  return (
    <div className="space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm">
        <li>Open an authenticator app on your phone (Google Authenticator, 1Password, Authy, …).</li>
        <li>Scan the QR code, or add an account by typing the key shown beside it.</li>
        <li>Enter the 6-digit code the app shows to turn two-factor sign-in on.</li>
      </ol>
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <img
          src={setup.qrDataUrl}
          alt="QR code to add Ridgeline to your authenticator app"
          width={180}
          height={180}
          className="rounded-md border bg-white"
        />
        <div className="space-y-1">
          <p id={keyId} className="text-sm font-medium">
            Key to type instead of scanning
          </p>
          <code aria-labelledby={keyId} data-testid="two-factor-secret" className="block break-all rounded-md bg-muted px-3 py-2 font-mono text-base tracking-wider">
            {groupSecret(setup.secret)}
          </code>
          <p className="text-xs text-muted-foreground">Time-based, 6 digits, every 30 seconds.</p>
        </div>
      </div>
      <CodeForm
        label="Code from the app"
        hint="The 6-digit code shown now."
        action="Turn on"
        numeric
        pending={enable.isPending}
        onSubmit={async (code) => onEnabled((await enable.mutateAsync(code)).recoveryCodes)}
      >
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </CodeForm>
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const text = `Ridgeline recovery codes (each works once)\n\n${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'ridgeline-recovery-codes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };
  return (
    <div className="space-y-3">
      <p role="status" className="flex items-center gap-2 font-medium text-forest-700">
        <ShieldCheck className="size-4" aria-hidden="true" />
        Two-factor sign-in is on.
      </p>
      <p className="text-sm">
        Save these recovery codes somewhere safe, away from your phone. Each one signs you in once if you lose the phone.{' '}
        <strong>They are shown only now.</strong>
      </p>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 rounded-md bg-muted p-3 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          {copied ? 'Copied' : 'Copy codes'}
        </Button>
        <Button variant="outline" onClick={download}>
          <Download aria-hidden="true" />
          Download codes
        </Button>
        <Button onClick={onDone}>I have saved them</Button>
      </div>
    </div>
  );
}

function TurnOff({ recoveryCodesLeft, disable }: { recoveryCodesLeft: number; disable: Mutation<string> }) {
  return (
    <div className="space-y-3">
      <p className="flex items-center gap-2 text-sm">
        <ShieldCheck className="size-4 text-forest-600" aria-hidden="true" />
        <span>
          Two-factor sign-in is on. {recoveryCodesLeft} of 10 recovery codes left.
        </span>
      </p>
      <CodeForm
        label="Code to turn it off"
        hint="A current code from the app, or one of your recovery codes."
        action="Turn off"
        variant="destructive"
        numeric={false}
        pending={disable.isPending}
        onSubmit={(code) => disable.mutateAsync(code)}
      />
    </div>
  );
}
