import type { UseFormRegister } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import { GUEST_DETAIL_LABELS, type GuestDetailErrors, type GuestDetailField, type GuestDetailsInput } from './guest-details';

export interface GuestDetailsFieldsProps {
  idPrefix: string;
  /** The booking form's `register` (react-hook-form): values, changes and focus go through it. */
  register: UseFormRegister<GuestDetailsInput>;
  /** One message per invalid field, shown under it ("Email must be an e-mail address"). */
  errors: GuestDetailErrors;
}

interface FieldSpec {
  field: GuestDetailField;
  type?: string;
  autoComplete: string;
  required?: boolean;
  maxLength: number;
  multiline?: boolean;
  hint?: string;
  wide?: boolean;
}

const FIELDS: FieldSpec[] = [
  { field: 'firstName', autoComplete: 'given-name', required: true, maxLength: 100 },
  { field: 'lastName', autoComplete: 'family-name', required: true, maxLength: 100 },
  { field: 'email', type: 'email', autoComplete: 'email', required: true, maxLength: 254, hint: 'Your confirmation is sent here.' },
  { field: 'phone', type: 'tel', autoComplete: 'tel', maxLength: 40, hint: 'Optional. For a call on arrival day.' },
  { field: 'message', autoComplete: 'off', maxLength: 2000, multiline: true, wide: true, hint: 'Optional. Tell us about your trip.' },
  {
    field: 'specialRequests',
    autoComplete: 'off',
    maxLength: 2000,
    multiline: true,
    wide: true,
    hint: 'Optional. Early check-in, a crib, accessibility needs…',
  },
];

/** The guest's details: labelled fields, required ones marked, each error under its field. */
export function GuestDetailsFields({ idPrefix, register, errors }: GuestDetailsFieldsProps) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      {FIELDS.map(({ field, type, autoComplete, required, maxLength, multiline, hint, wide }) => {
        const id = `${idPrefix}-${field}`;
        const error = errors[field];
        const describedBy = [error ? `${id}-error` : undefined, hint ? `${id}-hint` : undefined].filter(Boolean).join(' ');
        const common = {
          id,
          ...register(field),
          autoComplete,
          maxLength,
          required,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': describedBy || undefined,
          className: cn(error && 'border-destructive focus-visible:ring-destructive'),
        };
        return (
          <div key={field} className={cn('grid content-start gap-2', wide && 'sm:col-span-2')}>
            <Label htmlFor={id}>
              {GUEST_DETAIL_LABELS[field]}
              {required && (
                <span aria-hidden="true" className="ml-0.5 text-destructive">
                  *
                </span>
              )}
            </Label>
            {multiline ? (
              <Textarea {...common} rows={3} />
            ) : (
              <Input {...common} type={type ?? 'text'} />
            )}
            {hint && (
              <p id={`${id}-hint`} className="text-xs text-muted-foreground">
                {hint}
              </p>
            )}
            {error && (
              <p id={`${id}-error`} className="text-sm font-medium text-destructive">
                {error}
              </p>
            )}
          </div>
        );
      })}
    </div>
  );
}
