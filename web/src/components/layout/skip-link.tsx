/**
 * "Skip to content" for keyboard users: the first focusable element, visible only when focused.
 * Moves focus to `<main id="main">` without a hash navigation (the router owns the URL).
 */
export function SkipLink() {
  return (
    <a
      href="#main"
      onClick={(event) => {
        const main = document.getElementById('main');
        if (!main) return;
        event.preventDefault();
        main.focus({ preventScroll: true });
        main.scrollIntoView({ block: 'start' });
      }}
      className="sr-only z-50 rounded-md bg-accent px-4 py-2 font-semibold text-accent-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-3"
    >
      Skip to content
    </a>
  );
}
