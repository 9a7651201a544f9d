/** True when the visitor asked the system for less motion. */
export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Scrolls the home page section with this id into view, below the fixed navigation bar
 * (sections carry `scroll-margin-top`). Smooth unless the visitor prefers reduced motion.
 * Returns false when the section is not on the page.
 */
export function scrollToSection(id: string): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  target.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  return true;
}

/** How long `scrollToSectionSettled` follows a section while the page above it still grows. */
export const SECTION_SETTLE_MS = 3000;

/**
 * Scrolls to the section, then keeps it there while content above it finishes loading (reviews,
 * photos) for up to `settleMs`: a fresh home page grows after the first scroll, which would
 * otherwise stop short of a section low on the page. Stops as soon as the visitor scrolls, taps
 * or types. Returns a function that stops following.
 */
export function scrollToSectionSettled(id: string, settleMs = SECTION_SETTLE_MS): () => void {
  if (!scrollToSection(id) || typeof ResizeObserver === 'undefined') return () => undefined;
  const events = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
  const observer = new ResizeObserver(() => scrollToSection(id));
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timer);
    for (const event of events) window.removeEventListener(event, stop);
  };
  const timer = window.setTimeout(stop, settleMs);
  for (const event of events) window.addEventListener(event, stop, { passive: true });
  observer.observe(document.body);
  return stop;
}
