import type { ReactNode } from 'react';
import { cx } from '@/lib/class-names';

export interface SectionHeadingProps {
  /** Id of the `<h2>`, for the section's `aria-labelledby`. */
  id: string;
  /** Small overline above the title. */
  eyebrow: string;
  title: ReactNode;
  lead?: ReactNode;
  align?: 'left' | 'center';
  /** `dark` for headings on the navy background. */
  tone?: 'light' | 'dark';
  className?: string;
}

/** A home page section's heading block: overline, `<h2>` in the display face, optional lead. */
export function SectionHeading({ id, eyebrow, title, lead, align = 'left', tone = 'light', className }: SectionHeadingProps) {
  return (
    <div className={cx('max-w-2xl', align === 'center' && 'mx-auto text-center', className)}>
      <p
        className={cx(
          'text-xs font-semibold uppercase tracking-[0.2em]',
          tone === 'light' ? 'text-amber-ink' : 'text-amber-glow',
        )}
      >
        {eyebrow}
      </p>
      <h2
        id={id}
        className={cx(
          'mt-3 font-display text-3xl font-semibold tracking-tight text-balance sm:text-4xl',
          tone === 'light' ? 'text-navy-900' : 'text-white',
        )}
      >
        {title}
      </h2>
      {lead && (
        <p className={cx('mt-4 text-base leading-relaxed sm:text-lg', tone === 'light' ? 'text-muted-foreground' : 'text-white/80')}>
          {lead}
        </p>
      )}
    </div>
  );
}
