import LoaderCircle from 'lucide-react/icons/loader-circle';
import LogIn from 'lucide-react/icons/log-in';
import { Button } from '@/components/ui/button';

export interface OAuthFlowPanelProps {
  busy: boolean;
  onStart: () => void;
}

/** [google.oauth], OAuth Flow tab: one button to Google's consent page. */
export function OAuthFlowPanel({ busy, onStart }: OAuthFlowPanelProps) {
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        Sign in with the Google account whose calendar should hold the cleaning events and allow Ridgeline to manage
        its calendar. Google then sends you back here and the connection is finished automatically.
      </p>
      <div>
        <Button onClick={onStart} disabled={busy}>
          {busy ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <LogIn aria-hidden="true" />}
          Authorize with Google
        </Button>
      </div>
    </div>
  );
}
