import Menu from 'lucide-react/icons/menu';
import { Suspense, useRef, useState } from 'react';
import { buttonVariants } from '@/components/ui/button-variants';
import { cx } from '@/lib/class-names';
import { usePreloadWhenIdle } from '@/hooks/use-preload-when-idle';
import { lazyWithPreload } from '@/lib/lazy-with-preload';

const MobileMenuPanel = lazyWithPreload(() => import('./mobile-menu-panel'));

/**
 * The menu button of small screens (hidden from `md` up) and, once first opened, the menu panel
 * it controls ([home.nav], [home.nav.mobile]). The panel's code is fetched when the page is idle or
 * the button is approached, so opening feels instant without costing the first load.
 */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  usePreloadWhenIdle(MobileMenuPanel.preload);

  return (
    <>
      <button
        ref={trigger}
        type="button"
        // A ghost icon button in white (no tailwind-merge in the first load: no ghost variant).
        className={cx(
          buttonVariants({ variant: null, size: 'icon' }),
          'text-white hover:bg-white/10 hover:text-white md:hidden',
        )}
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls="mobile-menu"
        onPointerEnter={() => void MobileMenuPanel.preload()}
        onClick={() => {
          setEverOpened(true);
          setOpen(true);
        }}
      >
        <Menu className="size-6" aria-hidden="true" />
      </button>
      {everOpened && (
        <Suspense fallback={null}>
          <MobileMenuPanel open={open} onOpenChange={setOpen} triggerRef={trigger} />
        </Suspense>
      )}
    </>
  );
}
