import * as Dialog from '@radix-ui/react-dialog';
import X from 'lucide-react/icons/x';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/**
 * The frame of the owner's dialogs (Radix: focus trapped, Escape closes): the dimmed overlay, the
 * centred panel that scrolls when taller than the window, its title and description (the
 * dialog's accessible name and description) and the Close button. Put it inside a `Dialog.Root`
 * beside its `Dialog.Trigger`.
 */
export function OwnerDialogContent({
  title,
  description,
  width = 'md',
  children,
}: {
  title: string;
  description: ReactNode;
  width?: 'sm' | 'md';
  children: ReactNode;
}) {
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-50 bg-navy-950/60" />
      <Dialog.Content
        className={cn(
          'fixed left-1/2 top-1/2 z-50 max-h-[calc(100%-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-background p-6 shadow-xl focus:outline-none',
          width === 'sm' ? 'max-w-sm' : 'max-w-md',
        )}
      >
        <Dialog.Title className="pr-10 font-display text-2xl font-semibold tracking-tight text-navy-900">
          {title}
        </Dialog.Title>
        <Dialog.Description className="mt-1 text-sm text-muted-foreground">{description}</Dialog.Description>
        {children}
        <Dialog.Close asChild>
          <Button variant="ghost" size="icon" className="absolute right-3 top-3" aria-label="Close">
            <X className="size-5" aria-hidden="true" />
          </Button>
        </Dialog.Close>
      </Dialog.Content>
    </Dialog.Portal>
  );
}
