import LoaderCircle from 'lucide-react/icons/loader-circle';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { blockIpRequestSchema } from '@ridgeline/core';
import type { z } from 'zod';
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
 * button or Enter, accepting any trimmed non-empty text, checked with `blockIpRequestSchema`, the
 * fields `POST /api/security/block-ip` and `unblock-ip` parse (no format check here: the server
 * normalises addresses and CIDR ranges, refuses a malformed range with its reason in the toast,
 * and blocks other text as typed). While the field is blank the button is disabled, so neither a
 * click nor Enter submits.
 */
export function IpAddressForm({ label, action, actionVariant, icon, withReason = false, pending, onSubmit }: IpAddressFormProps) {
  const { register, control, handleSubmit, reset } = useForm<z.input<typeof blockIpRequestSchema>, unknown, z.output<typeof blockIpRequestSchema>>({
    resolver: zodResolver(blockIpRequestSchema),
    defaultValues: { ip: '', reason: '' },
  });
  const id = useId();
  const blank = useWatch({ control, name: 'ip' }).trim() === '';

  const submit = handleSubmit(async ({ ip, reason }) => {
    if (pending) return;
    try {
      await onSubmit(ip, reason);
      reset();
    } catch {
      // The toast says why; the text stays for a correction.
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-3" noValidate>
      <div className="space-y-2">
        <Label htmlFor={`${id}-ip`}>{label}</Label>
        <Input
          id={`${id}-ip`}
          {...register('ip')}
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
            {...register('reason')}
            placeholder="e.g. repeated failed sign-ins"
            maxLength={300}
          />
        </div>
      )}
      <Button type="submit" variant={actionVariant} disabled={blank || pending} className="w-full sm:w-auto">
        {pending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : icon}
        {action}
      </Button>
    </form>
  );
}
