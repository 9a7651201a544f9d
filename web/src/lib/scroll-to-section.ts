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
