import LoaderCircle from 'lucide-react/icons/loader-circle';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';

export interface ManualTokenPanelProps {
  busy: boolean;
  /** Called with the text as typed; blank is refused by the caller ([google.manual-token]). */
  onSubmit: (token: string) => void;
}

/** [google.manual-token], Manual Token tab: a refresh token pasted by hand. */
export function ManualTokenPanel({ busy, onSubmit }: ManualTokenPanelProps) {
  const id = useId();
  const [token, setToken] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(token);
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Manual token" className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        Already have a refresh token for this app (from the OAuth Playground or an earlier setup)? Paste it here; it is
        checked with Google before it is saved.
      </p>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-token`}>Refresh Token</Label>
        <Textarea
          id={`${id}-token`}
          rows={4}
          spellCheck={false}
          autoComplete="off"
          maxLength={2048}
          placeholder="1//0g…"
          className="font-mono"
          value={token}
          onChange={(e) => setToken(e.target.value)}
        />
      </div>
      <div>
        <Button type="submit" disabled={busy}>
          {busy && <LoaderCircle aria-hidden="true" className="animate-spin" />}
          Set Refresh Token
        </Button>
      </div>
    </form>
  );
}
