import LoaderCircle from 'lucide-react/icons/loader-circle';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

export interface IpAddressFormProps {
  /** The field's visible label ("IP address to block"). */
  label: string;
  /** The submit button's text ("Block IP"). */
  action: string;
  actionVariant?: ButtonProps['variant'];
  icon: ReactNode;
  /** Offer an optional reason field (kept with the block). */
  withReason?: boolean;
  pending: boolean;
  /** Called with the trimmed address (never empty); resolves on success, which clears the form. */
  onSubmit: (ip: string, reason: string) => Promise<unknown>;
}

/**
 * One IP address form of the console ([security.ip-block]): a labelled text field, submitted by its
 * button or Enter, accepting any trimmed non-empty text (no format check here: the server
 * normalises addresses and CIDR ranges, refuses a malformed range with its reason in the toast,
 * and blocks other text as typed).
 */
export function IpAddressForm({ label, action, actionVariant, icon, withReason = false, pending, onSubmit }: IpAddressFormProps) {
  const [ip, setIp] = useState('');
  const [reason, setReason] = useState('');
  const id = useId();
  const trimmed = ip.trim();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!trimmed || pending) return;
    try {
      await onSubmit(trimmed, reason.trim());
      setIp('');
      setReason('');
    } catch {
      // The toast says why; the text stays for a correction.
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-3" noValidate>
      <div className="space-y-2">
        <Label htmlFor={`${id}-ip`}>{label}</Label>
        <Input
          id={`${id}-ip`}
          name="ip"
          value={ip}
          onChange={(event) => setIp(event.target.value)}
          placeholder="e.g. 203.0.113.7, 203.0.113.0/24 or 2001:db8::/48"
          autoComplete="off"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          maxLength={100}
          className="font-mono"
        />
      </div>
      {withReason && (
        <div className="space-y-2">
          <Label htmlFor={`${id}-reason`}>
            Reason <span className="font-normal text-muted-foreground">(optional)</span>
          </Label>
          <Input
            id={`${id}-reason`}
            name="reason"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            placeholder="e.g. repeated failed sign-ins"
            maxLength={300}
          />
        </div>
      )}
      <Button type="submit" variant={actionVariant} disabled={!trimmed || pending} className="w-full sm:w-auto">
        {pending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : icon}
        {action}
      </Button>
    </form>
  );
}
