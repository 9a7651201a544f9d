import type { ComponentPropsWithoutRef } from 'react';
import { Label } from '@/components/ui/label';

/**
 * A label with the visual "*" of a required field. The star sits beside the `<label>`, not in
 * it, and is hidden from assistive technology (the control says `aria-required`), so the label
 * text and the control's accessible name stay exactly the word of [reviews.create].
 */
export function RequiredLabel({ children, ...props }: ComponentPropsWithoutRef<typeof Label>) {
  return (
    <span className="flex items-center gap-0.5">
      <Label {...props}>{children}</Label>
      <span aria-hidden="true" className="text-sm font-medium leading-none text-destructive">
        *
      </span>
    </span>
  );
}
