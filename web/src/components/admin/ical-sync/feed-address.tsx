import Copy from 'lucide-react/icons/copy';
import ExternalLink from 'lucide-react/icons/external-link';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import Mail from 'lucide-react/icons/mail';
import RotateCw from 'lucide-react/icons/rotate-cw';
import { useId, useRef } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/hooks/use-toast';
import type { FeedVariant } from './calendar-source';
import { FEED_VARIANTS, feedMailto, rotateConfirmation } from './feed-share';

export interface FeedAddressProps {
  variant: FeedVariant;
  url: string;
  rotating: boolean;
  onRotate: () => void;
}

/**
 * One export feed address ([ical.export]: open, copy, share by e-mail) with what it is
 * for, and Rotate to replace an address that went where it should not.
 */
export function FeedAddress({ variant, url, rotating, onRotate }: FeedAddressProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const info = FEED_VARIANTS[variant];
  const what = `${variant} feed`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Copied', description: `The ${what} address is on the clipboard.` });
    } catch {
      // No clipboard access (an insecure origin, a denied permission): leave the address selected.
      inputRef.current?.focus();
      inputRef.current?.select();
      toast({
        variant: 'destructive',
        title: 'Copy Failed',
        description: 'The address is selected: press Ctrl+C (⌘C on a Mac) to copy it.',
      });
    }
  };

  return (
    <div role="group" aria-labelledby={`${id}-title`} className="flex flex-col gap-3 rounded-lg border p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h4 id={`${id}-title`} className="font-semibold text-navy-900">
          {info.title}
        </h4>
        {variant === 'platform' ? (
          <Badge className="border-transparent bg-green-100 text-green-900">Give this one to platforms</Badge>
        ) : (
          <Badge variant="accent">Private: guest details</Badge>
        )}
      </div>
      <p id={`${id}-audience`} className="text-sm text-muted-foreground">
        {info.audience}
      </p>
      {/* The address and its buttons sit at the bottom, level with the other feed's. */}
      <div className="mt-auto grid gap-2">
        <Label htmlFor={`${id}-url`}>{info.title} URL</Label>
        <Input
          ref={inputRef}
          id={`${id}-url`}
          readOnly
          value={url}
          spellCheck={false}
          aria-describedby={`${id}-audience`}
          className="font-mono text-xs"
          onFocus={(e) => e.currentTarget.select()}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button asChild size="sm" variant="outline">
          <a href={url} target="_blank" rel="noopener noreferrer" aria-label={`Open ${what} (new tab)`}>
            <ExternalLink aria-hidden="true" />
            Open
          </a>
        </Button>
        <Button size="sm" variant="outline" aria-label={`Copy ${what} address`} onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          Copy
        </Button>
        <Button asChild size="sm" variant="outline">
          <a href={feedMailto(variant, url)} aria-label={`Share by e-mail: ${what} address`}>
            <Mail aria-hidden="true" />
            Share by e-mail
          </a>
        </Button>
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Rotate ${what} address`}
          disabled={rotating}
          className="sm:ml-auto"
          onClick={() => {
            if (window.confirm(rotateConfirmation(variant))) onRotate();
          }}
        >
          {rotating ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <RotateCw aria-hidden="true" />}
          Rotate
        </Button>
      </div>
    </div>
  );
}
