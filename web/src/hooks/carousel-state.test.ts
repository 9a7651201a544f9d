import { describe, expect, it } from 'vitest';
import { carouselReducer, initialCarouselState, wrapIndex, type CarouselState } from './carousel-state';

const at = (patch: Partial<CarouselState>): CarouselState => ({ ...initialCarouselState, ...patch });

describe('wrapIndex', () => {
  it('wraps past both ends', () => {
    expect(wrapIndex(9, 9)).toBe(0);
    expect(wrapIndex(-1, 9)).toBe(8);
    expect(wrapIndex(4, 9)).toBe(4);
    expect(wrapIndex(3, 0)).toBe(0);
  });
});

describe('carouselReducer', () => {
  it('starts on the first slide with autoplay on', () => {
    expect(initialCarouselState).toMatchObject({ index: 0, autoplay: true, hovered: false });
  });

  it('advances on a tick and wraps from the last slide to the first', () => {
    expect(carouselReducer(at({ index: 3 }), { type: 'tick', count: 9 }).index).toBe(4);
    expect(carouselReducer(at({ index: 8 }), { type: 'tick', count: 9 }).index).toBe(0);
  });

  it('ignores ticks while hovered or with autoplay off', () => {
    const hovered = at({ index: 2, hovered: true });
    expect(carouselReducer(hovered, { type: 'tick', count: 9 })).toBe(hovered);
    const manual = at({ index: 2, autoplay: false });
    expect(carouselReducer(manual, { type: 'tick', count: 9 })).toBe(manual);
  });

  it('turns autoplay off on every manual move and counts the moves', () => {
    let s = carouselReducer(at({}), { type: 'go-to', index: 5, count: 9 });
    expect(s).toMatchObject({ index: 5, autoplay: false, manualMoves: 1 });
    s = carouselReducer(s, { type: 'next', count: 9 });
    expect(s).toMatchObject({ index: 6, autoplay: false, manualMoves: 2 });
    s = carouselReducer(at({ index: 0 }), { type: 'previous', count: 9 });
    expect(s).toMatchObject({ index: 8, autoplay: false, manualMoves: 1 });
  });

  it('resumes autoplay without moving the slide', () => {
    const s = carouselReducer(at({ index: 4, autoplay: false }), { type: 'resume' });
    expect(s).toMatchObject({ index: 4, autoplay: true });
  });

  it('tracks hover without touching autoplay', () => {
    const s = carouselReducer(at({}), { type: 'hover', hovered: true });
    expect(s).toMatchObject({ hovered: true, autoplay: true });
  });
});
