import { MAX_GUESTS } from '@ridgeline/core';
import { Label } from '@/components/ui/label';
import { guestsText } from './date-picker-days';

export interface GuestsSelectProps {
  id: string;
  value: number;
  onChange: (guests: number) => void;
}

const OPTIONS = Array.from({ length: MAX_GUESTS }, (_, i) => i + 1);

/** Guests, 1 to 12 (the house sleeps 12): a native select, the easiest control on a phone. */
export function GuestsSelect({ id, value, onChange }: GuestsSelectProps) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Guests</Label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        aria-describedby={`${id}-hint`}
        className="h-10 w-full rounded-md border border-input bg-card px-3 text-sm shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {OPTIONS.map((n) => (
          <option key={n} value={n}>
            {guestsText(n)}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        The house sleeps up to {MAX_GUESTS}.
      </p>
    </div>
  );
}
