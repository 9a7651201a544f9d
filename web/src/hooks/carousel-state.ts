/**
 * The Property Showcase's state machine ([home.carousel], [home.carousel.manual]), kept pure so it is unit-tested
 * without timers; `use-carousel.ts` drives it with setInterval/setTimeout.
 *
 * - Autoplay is on at first and advances one slide per tick, wrapping from the last to the first.
 * - Hovering pauses ticks without turning autoplay off; leaving resumes.
 * - Any manual move (arrow, dot, thumbnail) turns autoplay off; `resume` turns it back on.
 */

export interface CarouselState {
  /** Index of the current slide, 0-based. */
  index: number;
  /** Whether the carousel advances by itself (shown as the Auto badge). */
  autoplay: boolean;
  /** Whether the pointer is over the carousel (pauses autoplay). */
  hovered: boolean;
  /** Counts manual moves, so the resume timer restarts after each one. */
  manualMoves: number;
}

export type CarouselAction =
  | { type: 'tick'; count: number }
  | { type: 'go-to'; index: number; count: number }
  | { type: 'next'; count: number }
  | { type: 'previous'; count: number }
  | { type: 'hover'; hovered: boolean }
  | { type: 'resume' };

export const initialCarouselState: CarouselState = {
  index: 0,
  autoplay: true,
  hovered: false,
  manualMoves: 0,
};

/** `i` wrapped into 0..count-1 (also for negative `i`). */
export function wrapIndex(i: number, count: number): number {
  if (count <= 0) return 0;
  return ((i % count) + count) % count;
}

function manualMove(state: CarouselState, index: number, count: number): CarouselState {
  return { ...state, index: wrapIndex(index, count), autoplay: false, manualMoves: state.manualMoves + 1 };
}

export function carouselReducer(state: CarouselState, action: CarouselAction): CarouselState {
  switch (action.type) {
    case 'tick':
      // A tick queued before a manual move or a hover must not move the slide any more.
      if (!state.autoplay || state.hovered) return state;
      return { ...state, index: wrapIndex(state.index + 1, action.count) };
    case 'go-to':
      return manualMove(state, action.index, action.count);
    case 'next':
      return manualMove(state, state.index + 1, action.count);
    case 'previous':
      return manualMove(state, state.index - 1, action.count);
    case 'hover':
      return state.hovered === action.hovered ? state : { ...state, hovered: action.hovered };
    case 'resume':
      return state.autoplay ? state : { ...state, autoplay: true };
  }
}
