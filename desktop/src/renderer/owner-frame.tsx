import type { ReactNode } from 'react';
import { BrandMark } from '@/components/layout/brand-mark';

/** The centred card of the app's own screens (server setup, server unreachable). */
export function OwnerFrame({
  title,
  description,
  children,
}: {
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <main
      id="main"
      className="flex min-h-svh items-center justify-center bg-gradient-to-b from-secondary/70 to-background px-4 py-12"
    >
      <div className="w-full max-w-md rounded-2xl border bg-card shadow-lg shadow-navy-900/5">
        <div className="flex flex-col items-center gap-3 px-6 pt-8 text-center sm:px-8">
          <BrandMark className="size-12" />
          <h1 className="font-display text-3xl font-semibold tracking-tight text-navy-900">{title}</h1>
          <div className="text-sm text-muted-foreground">{description}</div>
        </div>
        <div className="px-6 pb-8 pt-6 sm:px-8">{children}</div>
      </div>
    </main>
  );
}
