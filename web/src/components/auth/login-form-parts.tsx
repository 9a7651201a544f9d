import type { ReactNode } from 'react';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import { Button } from '@/components/ui/button';

/** A sign-in step's refusal ("Incorrect password", the throttle's message), announced when it appears. */
export function LoginError({ id, error }: { id: string; error: string | null | undefined }) {
  if (!error) return null;
  return (
    <p id={id} role="alert" className="text-sm font-medium text-destructive">
      {error}
    </p>
  );
}

/** A sign-in step's full-width submit button, disabled with a spinner while the request runs. */
export function LoginSubmit({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <Button type="submit" className="w-full" disabled={pending}>
      {pending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
      {children}
    </Button>
  );
}
