import * as Dialog from '@radix-ui/react-dialog';
import X from 'lucide-react/icons/x';
import { useRef, type RefObject } from 'react';
import { Button } from '@/components/ui/button';
import { useSectionNavigation } from '@/hooks/use-section-navigation';
import { BookStayLink } from './book-stay-link';
import { BrandMark } from './brand-mark';
import { NAV_ITEMS } from './nav-items';
import { SectionLink } from './section-link';

/** The id `MobileMenu`'s button points to with `aria-controls`. */
export const MOBILE_MENU_ID = 'mobile-menu';

export interface MobileMenuPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The menu button, which gets focus back when the panel closes. */
  triggerRef: RefObject<HTMLButtonElement | null>;
}

/**
 * The full-screen menu panel that slides in from the right ([home.nav.mobile]).
 * A Radix Dialog: dialog role, focus trapped, Escape closes, page scroll locked while open.
 * Loaded lazily by `MobileMenu`, so Radix Dialog is not part of the first bundle.
 */
export default function MobileMenuPanel({ open, onOpenChange, triggerRef }: MobileMenuPanelProps) {
  const goToSection = useSectionNavigation();
  // The section chosen in the menu: scrolled to once the panel is gone, because the dialog
  // locks page scrolling while it is open.
  const pendingSection = useRef<string | null>(null);

  const choose = (sectionId: string) => {
    pendingSection.current = sectionId;
    onOpenChange(false);
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-navy-950/60 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <Dialog.Content
          id={MOBILE_MENU_ID}
          aria-describedby={undefined}
          className="surface-dark fixed inset-0 z-50 flex flex-col overflow-y-auto overscroll-contain bg-navy-900 text-white data-[state=closed]:animate-slide-out-right data-[state=open]:animate-slide-in-right"
          onCloseAutoFocus={(event) => {
            // There is no Dialog.Trigger (the button lives in the first bundle): refocus it here.
            event.preventDefault();
            triggerRef.current?.focus();
            const sectionId = pendingSection.current;
            pendingSection.current = null;
            if (sectionId) goToSection(sectionId);
          }}
        >
          <div className="flex h-16 shrink-0 items-center justify-between px-4">
            <span className="flex items-center gap-2.5">
              <BrandMark />
              <Dialog.Title className="font-display text-xl font-semibold">Menu</Dialog.Title>
            </span>
            <Dialog.Close asChild>
              <Button
                variant="ghost"
                size="icon"
                className="text-white hover:bg-white/10 hover:text-white"
                aria-label="Close menu"
              >
                <X className="size-6" aria-hidden="true" />
              </Button>
            </Dialog.Close>
          </div>
          <nav aria-label="Mobile" className="flex flex-1 flex-col px-6 pb-10 pt-6">
            <ul className="flex flex-col divide-y divide-white/10 border-y border-white/10">
              {NAV_ITEMS.map((item) => (
                <li key={item.sectionId}>
                  <SectionLink
                    sectionId={item.sectionId}
                    onNavigate={choose}
                    className="flex items-center justify-between rounded-sm py-4 font-display text-2xl text-white/90 hover:text-amber-glow"
                  >
                    {item.label}
                  </SectionLink>
                </li>
              ))}
            </ul>
            <BookStayLink size="lg" className="mt-8 w-full" onClick={() => onOpenChange(false)} />
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
