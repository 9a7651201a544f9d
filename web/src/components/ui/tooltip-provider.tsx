import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import type { ComponentProps } from 'react';

/** [ui.tooltips]: tooltips open after 700 ms; moving between triggers within 300 ms skips the delay. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/**
 * Tooltip timing, mounted once around the owner pages (the public pages show no tooltips, so
 * Radix Tooltip stays out of the home page's first load). In its own file so a page can carry
 * the provider without the positioning code of `TooltipContent`.
 */
export function TooltipProvider({
  delayDuration = TOOLTIP_DELAY_MS,
  skipDelayDuration = TOOLTIP_SKIP_DELAY_MS,
  ...props
}: ComponentProps<typeof TooltipPrimitive.Provider>) {
  return <TooltipPrimitive.Provider delayDuration={delayDuration} skipDelayDuration={skipDelayDuration} {...props} />;
}
