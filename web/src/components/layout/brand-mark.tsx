/** Ridgeline's logo: two mountain ridges and a sun, drawn inline so it costs no request. `className` replaces the default size (`size-8`). */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={className ?? 'size-8'}>
      <rect width="32" height="32" rx="8" fill="#13283b" />
      <circle cx="22" cy="11" r="3.2" fill="#e8a93c" />
      <path d="M3 24 L11 13 L16 19 L20 15 L29 24 Z" fill="#2f6f4f" />
      <path d="M3 24 L11 13 L14 17 L9 24 Z" fill="#dcebe2" opacity="0.35" />
    </svg>
  );
}
