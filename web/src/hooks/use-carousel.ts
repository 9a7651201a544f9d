import { useCallback, useEffect, useMemo, useReducer } from 'react';
import { carouselReducer, initialCarouselState } from './carousel-state';

/** [home.carousel.autoplay]: autoplay advances every 5 s. */
export const CAROUSEL_INTERVAL_MS = 5_000;
/** [home.carousel.manual]: autoplay comes back 10 s after the last manual action. */
export const CAROUSEL_RESUME_DELAY_MS = 10_000;

export interface UseCarouselOptions {
  /** Number of slides. */
  count: number;
  intervalMs?: number;
  resumeDelayMs?: number;
}

export interface CarouselControls {
  index: number;
  /** Autoplay is on (it may still be paused by hover). */
  autoplay: boolean;
  /** Autoplay is on and not paused: slides are moving by themselves right now. */
  playing: boolean;
  goTo: (index: number) => void;
  next: () => void;
  previous: () => void;
  /** Spread on the carousel's root element: hover pauses autoplay, leaving resumes it. */
  hoverHandlers: { onMouseEnter: () => void; onMouseLeave: () => void };
}

/**
 * Timing of the Property Showcase ([home.carousel.autoplay], [home.carousel.manual]): autoplay every `intervalMs`, wrapping;
 * hover pauses; a manual `goTo`/`next`/`previous` stops autoplay until `resumeDelayMs` after the
 * last manual action. Plain `setInterval`/`setTimeout`, so fake clocks (vitest, Playwright) drive it.
 */
export function useCarousel({
  count,
  intervalMs = CAROUSEL_INTERVAL_MS,
  resumeDelayMs = CAROUSEL_RESUME_DELAY_MS,
}: UseCarouselOptions): CarouselControls {
  const [state, dispatch] = useReducer(carouselReducer, initialCarouselState);
  const playing = state.autoplay && !state.hovered && count > 1;

  useEffect(() => {
    if (!playing) return;
    const id = window.setInterval(() => dispatch({ type: 'tick', count }), intervalMs);
    return () => window.clearInterval(id);
  }, [playing, count, intervalMs]);

  // Restarted by every manual move (manualMoves changes), so the delay counts from the last one.
  useEffect(() => {
    if (state.autoplay) return;
    const id = window.setTimeout(() => dispatch({ type: 'resume' }), resumeDelayMs);
    return () => window.clearTimeout(id);
  }, [state.autoplay, state.manualMoves, resumeDelayMs]);

  const goTo = useCallback((index: number) => dispatch({ type: 'go-to', index, count }), [count]);
  const next = useCallback(() => dispatch({ type: 'next', count }), [count]);
  const previous = useCallback(() => dispatch({ type: 'previous', count }), [count]);
  const hoverHandlers = useMemo(
    () => ({
      onMouseEnter: () => dispatch({ type: 'hover', hovered: true }),
      onMouseLeave: () => dispatch({ type: 'hover', hovered: false }),
    }),
    [],
  );

  return {
    index: Math.min(state.index, Math.max(count - 1, 0)),
    autoplay: state.autoplay,
    playing,
    goTo,
    next,
    previous,
    hoverHandlers,
  };
}
