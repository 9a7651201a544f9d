import CircleCheck from 'lucide-react/icons/circle-check';
import { useId } from 'react';
import { useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';

/** [google.manual-token], [google.oauth]: the success state — the message, the token read-only, the way back. */
export function ConnectedPanel({ refreshToken }: { refreshToken: string }) {
  const id = useId();
  const [, navigate] = useLocation();
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-4 rounded-xl border border-forest-700/30 bg-card p-6 shadow-sm">
      <div className="flex items-center gap-3">
        <CircleCheck aria-hidden="true" className="size-7 text-forest-700" />
        <h2 id={`${id}-title`} className="font-display text-2xl font-semibold text-navy-900">
          Google Calendar Integration Active!
        </h2>
      </div>
      <p className="text-sm text-muted-foreground">
        Cleaning events are now created in your Google Calendar and the crew is invited. The token is stored encrypted on
        the server; keep any copy of it private.
      </p>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-token`}>Refresh Token</Label>
        <Textarea id={`${id}-token`} readOnly rows={3} spellCheck={false} className="font-mono" value={refreshToken} />
      </div>
      <div>
        <Button onClick={() => navigate('/admin?tab=calendar')}>Go to Admin Dashboard</Button>
      </div>
    </section>
  );
}
