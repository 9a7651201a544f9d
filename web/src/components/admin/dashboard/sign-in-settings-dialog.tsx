import * as Dialog from '@radix-ui/react-dialog';
import KeyRound from 'lucide-react/icons/key-round';
import X from 'lucide-react/icons/x';
import { SignInSettings } from '@/components/auth/sign-in-settings';
import { Button } from '@/components/ui/button';

/**
 * The admin's sign-in settings ([auth.two-factor], [auth.password-change]), opened from the dashboard header's
 * "Sign-in security" button: two-factor sign-in and the admin password. A Radix Dialog (focus
 * trapped, Escape closes, the button gets focus back).
 */
export function SignInSettingsDialog({ triggerClassName }: { triggerClassName?: string }) {
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>
        <Button variant="ghost" size="sm" className={triggerClassName}>
          <KeyRound aria-hidden="true" />
          <span className="sr-only md:not-sr-only">Sign-in security</span>
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-navy-950/60 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <Dialog.Content className="fixed inset-x-0 top-0 z-50 mx-auto max-h-svh w-full max-w-5xl overflow-y-auto overscroll-contain bg-background p-4 shadow-xl focus:outline-none sm:top-8 sm:max-h-[calc(100svh-4rem)] sm:rounded-2xl sm:p-6">
          <div className="mb-4 flex items-start justify-between gap-3">
            <div>
              <Dialog.Title className="font-display text-2xl font-semibold tracking-tight text-navy-900">Sign-in security</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-muted-foreground">
                Two-factor sign-in and the password of the admin dashboard. The security console has its own.
              </Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close">
                <X className="size-5" aria-hidden="true" />
              </Button>
            </Dialog.Close>
          </div>
          <SignInSettings area="admin" idPrefix="admin" areaName="the admin dashboard" passwordName="admin password" headingLevel={3} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
